import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** What the server render refers to that a browser fetches: images, never the render's code. */
const SERVED_ASSET = /\.(avif|webp|jpe?g|png|svg|gif|woff2?)$/;

/**
 * Copies the files the SSR build emitted for the page (the content's images) into the client's
 * assets. Their names carry a content hash, so a file already there is the same file.
 */
export async function copyRenderedAssets(serverDir: string, clientDir: string): Promise<void> {
  const from = join(serverDir, 'assets');
  const names = (await readdir(from)).filter((name) => SERVED_ASSET.test(name));
  if (names.length === 0) throw new Error(`The SSR build emitted no images into ${from}.`);
  for (const name of names) await copyFile(join(from, name), join(clientDir, 'assets', name));
}
