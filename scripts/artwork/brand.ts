import { emberMark, MARK_ON_INK } from './marks';
import { brand } from './palette';
import { scene, type Composition } from './scene';
import { box, el, group, path, rect, text } from './svg';

export const OG = { width: 1200, height: 630 } as const;

const TAGLINE = [
  'Igniting brands through exceptional design,',
  'strategic marketing, and creative excellence',
];

/** The tab icon: ink tile in light tabs, paper tile in dark tabs where ink would vanish. */
export function faviconSvg(): string {
  const mark = emberMark(box(0, 0, 32, 32), MARK_ON_INK);
  const style = el(
    'style',
    {},
    // Compact: the page carries this file inline as its icon (decision 0085).
    `@media (prefers-color-scheme:dark){.mark-tile{fill:${brand.paper}}.mark-e{fill:${brand.ember}}.mark-i,.mark-spark{fill:${brand.gold}}}`,
  );
  return el('svg', { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 32 32' }, [style, mark]);
}

/** The mark at an exact pixel size, for PNG and ICO output. */
export function iconSvg(size: number, opaque: boolean): string {
  const mark = emberMark(box(0, 0, size, size), MARK_ON_INK, opaque ? 0 : 7);
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width: size,
      height: size,
      viewBox: `0 0 ${size} ${size}`,
    },
    mark,
  );
}

/** The social share card: mark, name and tagline, large enough to read in a feed. */
export const ogImage: Composition = (seed) =>
  scene(
    { ...OG, background: brand.ink, seed, grain: 0.1 },
    path('M1200 0 V630 H860 A420 420 0 0 1 1200 0 Z', brand.inkSoft),
    path('M1200 630 H990 A230 230 0 0 1 1200 400 Z', brand.ember),
    path('M1200 630 H1090 A120 120 0 0 1 1200 510 Z', brand.goldBright),
    emberMark(
      box(90, 110, 120, 120),
      { tile: brand.paper, e: brand.ember, i: brand.ink, spark: brand.gold },
      7,
    ),
    text(240, 205, 'Ember & Ink', {
      'font-family': 'DejaVu Serif',
      'font-weight': 700,
      'font-size': 92,
      fill: brand.paper,
    }),
    rect(box(96, 290, 120, 6), brand.emberBright, { rx: 3 }),
    group(
      {},
      ...TAGLINE.map((line, index) =>
        text(90, 380 + index * 62, line, {
          'font-family': 'DejaVu Sans',
          'font-size': 44,
          fill: brand.paperSunk,
        }),
      ),
    ),
    text(90, 550, 'DESIGN · BRANDING · MARKETING', {
      'font-family': 'DejaVu Sans',
      'font-weight': 700,
      'font-size': 22,
      'letter-spacing': 5,
      fill: brand.goldBright,
    }),
  );
