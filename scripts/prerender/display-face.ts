import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DISPLAY_FONT_FAMILY,
  DISPLAY_FONT_UNICODE_RANGE,
  DISPLAY_FONT_WEIGHT_RANGE,
} from '../../src/theme/display-font';

const BUILT_DISPLAY_FONT_NAME = /^fraunces-display-[\w-]+\.woff2$/;

/** The built display font's address, e.g. `/assets/fraunces-display-DkPogEFx.woff2`. */
export async function displayFontHref(clientDir: string): Promise<string> {
  const font = (await readdir(join(clientDir, 'assets'))).find((name) =>
    BUILT_DISPLAY_FONT_NAME.test(name),
  );
  if (!font) throw new Error('The display font is missing from dist/client/assets.');
  return `/assets/${font}`;
}

/**
 * The display face as CSS, for pages that run no script. Optional: the browser holds the
 * headings briefly (about 100 ms) for it, and otherwise keeps the fallback for that page view
 * rather than re-laying out every heading later.
 */
function displayFaceRule(href: string): string {
  return `@font-face{font-family:'${DISPLAY_FONT_FAMILY}';font-style:normal;font-weight:${DISPLAY_FONT_WEIGHT_RANGE};font-display:optional;src:url(${href}) format('woff2');unicode-range:${DISPLAY_FONT_UNICODE_RANGE}}`;
}

function beforeHeadEnd(template: string, lines: string): string {
  if (!template.includes('</head>')) throw new Error('The built index.html has no </head>.');
  return template.replace('</head>', () => `  ${lines}\n  </head>`);
}

/**
 * A page without script declares the face in CSS and preloads it: nothing else competes for
 * its connection, and there is no script to bring the face in later.
 */
export function declareDisplayFace(template: string, href: string): string {
  const preload = `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin />`;
  return beforeHeadEnd(template, `${preload}\n    <style>${displayFaceRule(href)}</style>`);
}
