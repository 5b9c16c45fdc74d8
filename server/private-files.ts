import { closeSync, constants, linkSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Everything under DATA_DIR (the database, the development mailbox, the challenge key) and every
 * backup holds visitors' names, addresses and messages, or a secret: readable by its owner only.
 * The modes are given where each is created, and the umask makes sure of whatever a library
 * creates on its own (SQLite's -wal and -shm, a temporary file).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_UMASK = 0o077;

/** Called first thing by the server and the CLI. */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** Creates `file` empty and owner-only if it is missing; an existing file is left as it is. */
export function touchPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
}

/**
 * Makes `target` by writing it elsewhere first: `fill` gets an empty owner-only file, created
 * exclusively (O_EXCL, never through a symlink) inside a new folder of random name that only
 * this user can enter, beside the target. Once filled it is hard-linked to the target name, which
 * fails if the name exists: nothing is overwritten, and nobody else can plant a link on the way
 * or read the half-written copy.
 */
export async function createThroughPrivatePartial(
  target: string,
  fill: (partial: string) => Promise<void>,
): Promise<void> {
  const folder = mkdtempSync(path.join(path.dirname(target), `.${path.basename(target)}-`));
  try {
    const partial = path.join(folder, 'partial');
    const flags = constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW;
    closeSync(openSync(partial, flags, PRIVATE_FILE_MODE));
    await fill(partial);
    linkSync(partial, target);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
