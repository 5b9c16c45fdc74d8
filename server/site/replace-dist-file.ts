import { randomBytes } from 'node:crypto';
import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The mode of every file a publish writes into dist/client: public pages, readable by a web
 * server running as another user (nginx's www-data). The server's umask makes every file it
 * creates owner-only (private-files.ts), right for DATA_DIR and wrong here, so it is set anew.
 */
export const PUBLIC_FILE_MODE = 0o644;

/**
 * Replaces a file of the build so that a reader (nginx, a CDN's origin fetch) sees the old
 * bytes or the new, never a part: the new bytes go to a temporary file in the same folder, which
 * is then renamed over the old one (rename is atomic within one file system). `null` removes
 * the file, as the build's precompress step does for a variant not worth serving. A file that
 * already holds these bytes is left alone: every start renders the published page again, and a
 * build folder the server may not write to must not turn an unchanged page into an error.
 */
export async function replaceDistFile(file: string, content: Buffer | null): Promise<void> {
  if (content === null) {
    await rm(file, { force: true });
    return;
  }
  const current = await readFile(file).catch(() => null);
  if (current?.equals(content) === true) return;
  const temporary = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    await writeFile(temporary, content);
    await chmod(temporary, PUBLIC_FILE_MODE);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
