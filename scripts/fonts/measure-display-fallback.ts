/**
 * Measures the fallback serif against the display font in Chromium and prints the overrides
 * that make it take the display font's room: `size-adjust` from the width of the landing
 * page's main heading as the page sets it (the heading on screen while the face arrives; other
 * headings differ by a few percent either way), `ascent-override` and `descent-override` from
 * the display font's line metrics.
 * Copy the faces it prints into src/theme/tokens.css; run again after changing the subset or
 * the headings. It reads the built page and needs the fallback fonts installed (Debian:
 * fonts-liberation, fonts-noto-core):
 * npm run build && npx tsx scripts/fonts/measure-display-fallback.ts
 */
import { readFile } from 'node:fs/promises';
import { chromium, type Page } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/support/chromium';
import { DISPLAY_FONT_WEIGHT_RANGE } from '../../src/theme/display-font';
import { DISPLAY_FONT_FILE } from './subset-display-font';

/** The serifs systems have, each with the names `local()` finds it by. */
const FALLBACKS = [
  // Windows and Apple systems, and Linux through Times New Roman's metric twins.
  { family: 'Fraunces fallback', localNames: ['Times New Roman', 'Liberation Serif', 'Tinos'] },
  // Android.
  {
    family: 'Fraunces fallback Noto',
    localNames: ['Noto Serif', 'Noto Serif Regular', 'NotoSerif-Regular', 'Droid Serif'],
  },
];

type FallbackOverrides = { sizeAdjust: number; ascent: number; descent: number };

/** Sets the page's main heading in the display font and in one fallback, and compares them. */
async function measureFallback(
  page: Page,
  font: string,
  localNames: string[],
): Promise<FallbackOverrides> {
  return page.evaluate(
    async ({ font, locals, weights }) => {
      const bytes = Uint8Array.from(atob(font), (character) => character.charCodeAt(0));
      const display = new FontFace('Measured display', bytes, { weight: weights });
      const fallback = new FontFace(
        'Measured fallback',
        locals.map((name) => `local('${name}')`).join(),
      );
      for (const face of [display, fallback]) document.fonts.add(await face.load());
      const heading = document.querySelector('h1');
      if (!heading) throw new Error('The built page has no <h1>.');
      // Letter spacing is not scaled by size-adjust: compare the letters alone, on one line.
      heading.style.letterSpacing = '0';
      heading.style.whiteSpace = 'nowrap';
      const text = document.createRange();
      text.selectNodeContents(heading);
      // No helper functions in here: the page runs this code as it is written.
      heading.style.fontFamily = 'Measured display';
      const ours = text.getBoundingClientRect().width;
      heading.style.fontFamily = 'Measured fallback';
      const sizeAdjust = ours / text.getBoundingClientRect().width;
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('No 2D canvas.');
      context.font = '100px "Measured display"';
      const metrics = context.measureText('H');
      // The overrides apply to the adjusted size, so they are divided by the adjustment.
      return {
        sizeAdjust,
        ascent: metrics.fontBoundingBoxAscent / 100 / sizeAdjust,
        descent: metrics.fontBoundingBoxDescent / 100 / sizeAdjust,
      };
    },
    { font, locals: localNames, weights: DISPLAY_FONT_WEIGHT_RANGE },
  );
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

// The built page without its scripts: the heading as it is styled, fonts set by hand.
const html = (await readFile('dist/client/index.html', 'utf8')).replace(
  /<script[\s\S]*?<\/script>/g,
  '',
);
const font = (await readFile(DISPLAY_FONT_FILE)).toString('base64');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const { family, localNames } of FALLBACKS) {
    // A fresh page each, so no fallback is measured with another's face loaded.
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.setContent(html);
    const { sizeAdjust, ascent, descent } = await measureFallback(page, font, localNames);
    await page.close();
    console.log(`@font-face {
  font-family: '${family}';
  src: ${localNames.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(ascent)};
  descent-override: ${percent(descent)};
  line-gap-override: 0%;
}`);
  }
} finally {
  await browser.close();
}
