import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Ways to make a SQLite file unwritable that also stop root, which the tests run as: file
 * permissions do not. Each needs a kernel capability a locked-down container may lack, so each
 * has a probe and its test is skipped, loudly, where the probe fails.
 */

function run(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** True when this process may mount a tmpfs (CAP_SYS_ADMIN). */
export function canMountTmpfs(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'ember-probe-'));
  try {
    return run('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir]) && run('umount', [dir]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** True when the file system here honours chattr +i (CAP_LINUX_IMMUTABLE, ext4/xfs/btrfs). */
export function canSetImmutable(): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'ember-probe-'));
  const file = path.join(dir, 'probe');
  writeFileSync(file, 'probe');
  try {
    return run('chattr', ['+i', file]) && run('chattr', ['-i', file]);
  } finally {
    run('chattr', ['-i', file]);
    rmSync(dir, { recursive: true, force: true });
  }
}

export type SmallDisk = {
  dir: string;
  /** Writes a filler file until the disk reports ENOSPC. */
  fill(): void;
  /** Deletes the filler: the disk has room again. */
  free(): void;
  unmount(): void;
};

/** A real, tiny file system: when it is full, SQLite's own writes fail with SQLITE_FULL. */
export function mountSmallDisk(sizeBytes: number): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'ember-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'w');
      const block = Buffer.alloc(4096, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount() {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Marks the database file and its write-ahead log immutable, which refuses writes even to root
 * and even through descriptors opened before. The shared-memory index (-shm) is left alone:
 * SQLite maps it into memory, and an immutable mapping kills the process with SIGBUS instead
 * of failing a write.
 */
export function makeImmutable(databaseFile: string): () => void {
  const files = [databaseFile, `${databaseFile}-wal`];
  for (const file of files) execFileSync('chattr', ['+i', file]);
  return () => {
    for (const file of files) execFileSync('chattr', ['-i', file]);
  };
}
