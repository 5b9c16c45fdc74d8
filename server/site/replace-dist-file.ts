import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

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
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
