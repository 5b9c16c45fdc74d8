import { brand } from './palette';
import { box, el, linearGradient, rect } from './svg';

/** Filters every composition may reference: layered soft shadows and film grain. */
function sharedFilters(seed: number, grain: number): string {
  const shadow = (id: string, near: number, far: number, opacity: number) =>
    el(
      'filter',
      {
        id,
        x: '-30%',
        y: '-30%',
        width: '160%',
        height: '180%',
        'color-interpolation-filters': 'sRGB',
      },
      [
        el('feDropShadow', {
          dx: 0,
          dy: near / 2,
          stdDeviation: near / 2,
          'flood-color': brand.ink,
          'flood-opacity': opacity * 0.6,
        }),
        el('feDropShadow', {
          dx: 0,
          dy: far * 0.8,
          stdDeviation: far,
          'flood-color': brand.ink,
          'flood-opacity': opacity,
        }),
      ],
    );
  return [
    // Horizontal light falloff that makes any flat shape read as a cylinder.
    linearGradient(
      'cylinder',
      [
        [0, '#000', 0.28],
        [0.22, '#fff', 0.22],
        [0.4, '#fff', 0],
        [0.8, '#000', 0.12],
        [1, '#000', 0.34],
      ],
      0,
    ),
    shadow('shadow-sm', 4, 8, 0.12),
    shadow('shadow', 6, 22, 0.18),
    shadow('shadow-lg', 10, 40, 0.24),
    el('filter', { id: 'grain', x: 0, y: 0, width: '100%', height: '100%' }, [
      el('feTurbulence', {
        type: 'fractalNoise',
        baseFrequency: 0.85,
        numOctaves: 2,
        seed: seed % 1000,
        stitchTiles: 'stitch',
      }),
      el('feColorMatrix', {
        type: 'matrix',
        values: `0 0 0 0 0.11  0 0 0 0 0.09  0 0 0 0 0.12  ${grain * 2} 0 0 0 ${-grain * 0.7}`,
      }),
    ]),
  ].join('');
}

export interface SceneOptions {
  width: number;
  height: number;
  /** Fill of the backdrop: a colour or a url(#gradient) defined in defs. */
  background: string;
  seed: number;
  defs?: string;
  /** Strength of the film grain, 0 to about 0.3. */
  grain?: number;
}

/** Wraps layers in a full SVG document with backdrop, shared filters, grain and a soft vignette. */
export function scene(options: SceneOptions, ...layers: string[]): string {
  const { width, height, background, seed, defs = '', grain = 0.16 } = options;
  const full = box(0, 0, width, height);
  const vignette = el('radialGradient', { id: 'vignette', cx: 0.5, cy: 0.45, r: 0.75 }, [
    el('stop', { offset: 0.6, 'stop-color': brand.ink, 'stop-opacity': 0 }),
    el('stop', { offset: 1, 'stop-color': brand.ink, 'stop-opacity': 0.14 }),
  ]);
  return el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width, height, viewBox: `0 0 ${width} ${height}` },
    [
      el('defs', {}, sharedFilters(seed, grain) + vignette + defs),
      rect(full, background),
      ...layers,
      rect(full, 'url(#vignette)'),
      rect(full, '#000', { filter: 'url(#grain)' }),
    ],
  );
}

export const SHADOW = { sm: 'url(#shadow-sm)', md: 'url(#shadow)', lg: 'url(#shadow-lg)' } as const;
export const CYLINDER = 'url(#cylinder)';

/** Service and portfolio thumbnails are 4:3 masters. */
export const CARD = { width: 1200, height: 900 } as const;

/** Builds one image's SVG; the seed feeds grain and any scattered detail. */
export type Composition = (seed: number) => string;
