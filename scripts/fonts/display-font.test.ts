import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DISPLAY_FONT_UNICODE_RANGE } from '../../src/theme/display-font';
import { declareDisplayFace } from '../prerender/display-face';
import { DISPLAY_FONT_FILE, subsetDisplayFont } from './subset-display-font';

const HREF = '/assets/fraunces-display-AbC123.woff2';

describe('the shipped display font', () => {
  it('is exactly the subset the script makes from the upstream font', async () => {
    const [committed, fresh] = await Promise.all([
      readFile(DISPLAY_FONT_FILE),
      subsetDisplayFont(),
    ]);
    expect(committed.byteLength).toBeLessThan(24 * 1024);
    expect(committed.equals(fresh), 'run: npx tsx scripts/fonts/subset-display-font.ts').toBe(true);
  });

  it('is declared by pages without script with its characters and weights, and preloaded', () => {
    const head = declareDisplayFace('<head><title>Privacy</title></head>', HREF);
    const face = /<style>(@font-face\{[^}]*\})<\/style>/.exec(head)?.[1] ?? '';
    expect(face).toContain("font-family:'Fraunces'");
    expect(face).toContain('font-weight:400 600');
    expect(face).toContain(`src:url(${HREF}) format('woff2')`);
    expect(/unicode-range:([^;}]+)/.exec(face)?.[1]).toBe(DISPLAY_FONT_UNICODE_RANGE);
    expect(head).toContain(`<link rel="preload" href="${HREF}" as="font" type="font/woff2"`);
    expect(head.indexOf('<title>')).toBeLessThan(head.indexOf('@font-face'));
  });
});
