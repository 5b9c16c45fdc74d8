import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compressBest } from '../server/static/compression';
import { isCompressible } from '../server/static/content-types';

/**
 * Last build step: writes `.br` (quality 11) and `.gz` (level 9) beside every compressible
 * file in dist/client when they are smaller, so neither the server nor a CDN compresses at
 * request time.
 */
async function precompress(root: string): Promise<void> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  let before = 0;
  let after = 0;
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !isCompressible(file)) continue;
    const content = await readFile(file);
    const { br, gzip } = compressBest(content);
    for (const [suffix, variant] of [['.br', br] as const, ['.gz', gzip] as const]) {
      if (variant === null) await rm(`${file}${suffix}`, { force: true });
      else await writeFile(`${file}${suffix}`, variant);
    }
    before += content.length;
    after += (br ?? gzip ?? content).length;
  }
  console.log(`precompress: ${before} bytes of text, ${after} bytes as brotli`);
}

await precompress(path.resolve(import.meta.dirname, '..', 'dist', 'client'));
