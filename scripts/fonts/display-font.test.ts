import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DISPLAY_FONT_UNICODE_RANGE, DISPLAY_FONT_WEIGHTS } from './display-font';
import { DISPLAY_FONT_FILE, subsetDisplayFont } from './subset-display-font';

const STYLES = new URL('../../src/theme/tokens.css', import.meta.url);

function fontFace(css: string): string {
  const face = /@font-face\s*\{[^}]*font-family:\s*'Fraunces'[^}]*\}/.exec(css)?.[0];
  if (face === undefined) throw new Error('tokens.css declares no Fraunces @font-face');
  return face;
}

describe('the shipped display font', () => {
  it('is exactly the subset the script makes from the upstream font', async () => {
    const [committed, fresh] = await Promise.all([
      readFile(DISPLAY_FONT_FILE),
      subsetDisplayFont(),
    ]);
    expect(committed.byteLength).toBeLessThan(24 * 1024);
    expect(committed.equals(fresh), 'run: npx tsx scripts/fonts/subset-display-font.ts').toBe(true);
  });

  it('is declared in the theme tokens with the same characters and weights', async () => {
    const face = fontFace(await readFile(STYLES, 'utf8'));
    const unicodeRange = /unicode-range:\s*([^;]+);/.exec(face)?.[1]?.replace(/\s+/g, ' ');
    expect(unicodeRange).toBe(DISPLAY_FONT_UNICODE_RANGE);
    expect(face).toContain(`font-weight: ${DISPLAY_FONT_WEIGHTS.min} ${DISPLAY_FONT_WEIGHTS.max};`);
    expect(face).toContain("url('../assets/fonts/fraunces-display.woff2')");
  });
});
