/**
 * Writes the display font the site ships, a subset of the upstream Latin file (see
 * display-font.ts). The result is committed; run again after upgrading
 * @fontsource-variable/fraunces or changing the set: npx tsx scripts/fonts/subset-display-font.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { DISPLAY_FONT_TEXT, DISPLAY_FONT_WEIGHTS } from '../../src/theme/display-font';

const UPSTREAM = '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2';
export const DISPLAY_FONT_FILE = fileURLToPath(
  new URL('../../src/assets/fonts/fraunces-display.woff2', import.meta.url),
);

export async function subsetDisplayFont(): Promise<Buffer> {
  const upstream = await readFile(createRequire(import.meta.url).resolve(UPSTREAM));
  return subsetFont(upstream, DISPLAY_FONT_TEXT, {
    targetFormat: 'woff2',
    variationAxes: { wght: DISPLAY_FONT_WEIGHTS },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await subsetDisplayFont();
  await writeFile(DISPLAY_FONT_FILE, font);
  console.log(`Wrote ${DISPLAY_FONT_FILE} (${font.byteLength} bytes).`);
}
