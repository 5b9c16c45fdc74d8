import { emberMark, MARK_ON_INK } from './marks';
import { accent, brand } from './palette';
import { createRandom } from './random';
import { SHADOW, scene, type Composition } from './scene';
import { box, circle, group, path, rect, textLines } from './svg';

/** The about-section portrait: 4:5. */
export const STUDIO = { width: 960, height: 1200 } as const;

function pen(
  x: number,
  y: number,
  length: number,
  angle: number,
  body: string,
  cap: string,
): string {
  return group(
    { transform: `rotate(${angle} ${x} ${y})`, filter: SHADOW.sm },
    rect(box(x, y, length, 22), body, { rx: 11 }),
    rect(box(x + length * 0.7, y, length * 0.3, 22), cap, { rx: 11 }),
    path(`M${x} ${y + 3} L${x - 26} ${y + 11} L${x} ${y + 19} Z`, '#d8c8b0'),
  );
}

/** A studio desk from above: sketchbook, swatches, pens and a cup. */
export const studioDesk: Composition = (seed) => {
  const random = createRandom(seed);
  const sketches = Array.from({ length: 5 }, (_, i) =>
    circle(
      200 + (i % 2) * 120 + random() * 20,
      330 + Math.floor(i / 2) * 130 + random() * 20,
      36 + random() * 18,
      'none',
      {
        stroke: brand.inkMuted,
        'stroke-width': 2.5,
        opacity: 0.7,
      },
    ),
  );
  const swatches = [
    brand.ember,
    brand.emberBright,
    brand.goldBright,
    brand.gold,
    accent.pine,
    brand.ink,
  ].map((fill, i) =>
    group(
      { transform: `rotate(${-30 + i * 11} 640 1010)`, filter: SHADOW.sm },
      rect(box(610, 700, 60, 320), brand.white, { rx: 8 }),
      rect(box(616, 706, 48, 190), fill, { rx: 4 }),
      textLines(620, 910, [36, 24], brand.line, 5, 8),
    ),
  );
  return scene(
    { width: STUDIO.width, height: STUDIO.height, background: '#e9dccb', seed },
    rect(box(0, 0, 960, 1200), '#e2d2bd', { opacity: 0.5, transform: 'skewX(-12)' }),
    group(
      { transform: 'rotate(-6 420 480)' },
      rect(box(110, 210, 640, 480), brand.ink, { rx: 14, filter: SHADOW.lg }),
      rect(box(126, 222, 300, 456), brand.paper, { rx: 4 }),
      rect(box(434, 222, 300, 456), brand.paper, { rx: 4 }),
      rect(box(426, 222, 8, 456), brand.line),
      ...sketches,
      path('M180 600 C230 540 300 640 360 570', 'none', {
        stroke: brand.ember,
        'stroke-width': 4,
        'stroke-linecap': 'round',
      }),
      emberMark(box(470, 260, 110, 110), MARK_ON_INK),
      ...[0, 1, 2, 3].map((i) =>
        rect(
          box(600 + (i % 2) * 66, 260 + Math.floor(i / 2) * 60, 54, 48),
          [brand.ember, brand.goldBright, accent.pine, brand.emberBright][i] ?? brand.ember,
          { rx: 6 },
        ),
      ),
      textLines(470, 420, [220, 180, 200, 140], brand.line, 7, 14),
      rect(box(470, 540, 230, 100), brand.paperSunk, {
        rx: 8,
        stroke: brand.line,
        'stroke-width': 2,
      }),
    ),
    ...swatches,
    pen(180, 860, 330, -18, brand.ink, brand.ember),
    pen(220, 930, 300, -8, brand.gold, brand.ink),
    pen(820, 140, 240, 100, brand.ember, brand.ink),
    group(
      { filter: SHADOW.md },
      circle(770, 880, 130, brand.paper),
      circle(770, 880, 118, brand.line),
      path('M880 860 h70 a26 26 0 0 1 0 52 h-70 Z', brand.paper),
      circle(770, 880, 92, brand.paper),
      circle(770, 880, 80, '#4a2b1c'),
      circle(770, 880, 54, '#6b4126', { opacity: 0.8 }),
      circle(752, 862, 14, '#c69a6b', { opacity: 0.6 }),
    ),
    group(
      { transform: 'rotate(14 140 1050)', filter: SHADOW.sm },
      rect(box(40, 1010, 340, 56), brand.goldBright, { rx: 4 }),
      ...Array.from({ length: 16 }, (_, i) =>
        rect(box(56 + i * 20, 1010, 2, i % 2 ? 14 : 24), brand.ink, { opacity: 0.6 }),
      ),
    ),
    group(
      { transform: 'rotate(8 760 1110)', filter: SHADOW.md },
      rect(box(560, 1050, 330, 220), brand.white, { rx: 4 }),
      rect(box(580, 1070, 290, 130), accent.pine),
      circle(800, 1120, 34, brand.goldBright),
      path('M580 1200 L680 1130 L760 1180 L870 1110 V1200 Z', accent.pineLight),
    ),
    group(
      { transform: 'rotate(-10 120 120)', filter: SHADOW.sm },
      rect(box(40, 60, 220, 220), '#f6d36a'),
      textLines(64, 100, [140, 160, 110], '#b08a2a', 6, 14),
    ),
  );
};
