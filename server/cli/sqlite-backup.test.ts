import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store';
import { BackupError, backupSqlite, restoreSqlite } from './sqlite-backup';

let root: string;
let dataDir: string;
let backups: string;
/** A file of someone else's that a planted link aims at. */
let victim: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ember-backup-links-'));
  dataDir = path.join(root, 'data');
  backups = path.join(root, 'backups');
  victim = path.join(root, 'victim.txt');
  await mkdir(backups);
  await writeFile(victim, 'not to be touched');
  const store = await openStore({ dataDir });
  await store.close();
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('a backup into a folder where someone else planted links', () => {
  it('never writes through a link at the name a partial copy once had', async () => {
    const target = path.join(backups, 'nightly.sqlite');
    // Where the copy in progress used to be written: a name anyone could work out.
    const planted = path.join(backups, `.nightly.sqlite.${process.pid}.partial`);
    await symlink(victim, planted);

    await backupSqlite(dataDir, target);

    expect(await readFile(victim, 'utf8')).toBe('not to be touched');
    expect((await lstat(planted)).isSymbolicLink()).toBe(true);
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    expect((await readdir(backups)).sort()).toEqual([path.basename(planted), 'nightly.sqlite']);
  });

  it('refuses a target name that is a link, even one pointing nowhere yet', async () => {
    const target = path.join(backups, 'nightly.sqlite');
    const aimedAt = path.join(root, 'created-by-the-backup.sqlite');
    await symlink(aimedAt, target);

    await expect(backupSqlite(dataDir, target)).rejects.toThrow(BackupError);
    await expect(stat(aimedAt)).rejects.toThrow(/ENOENT/);
    expect(await readdir(backups)).toEqual(['nightly.sqlite']);
  });

  it('restores into a new DATA_DIR readable by its owner only', async () => {
    const target = path.join(backups, 'nightly.sqlite');
    await backupSqlite(dataDir, target);
    const restored = path.join(root, 'restored');
    await restoreSqlite(restored, target);
    expect((await stat(restored)).mode & 0o777).toBe(0o700);
    expect(await readdir(restored)).toEqual(['ember-and-ink.sqlite']);
    expect((await stat(path.join(restored, 'ember-and-ink.sqlite'))).mode & 0o777).toBe(0o600);
  });
});
