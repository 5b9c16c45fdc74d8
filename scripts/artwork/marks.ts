import { brand } from './palette';
import { circle, group, path, rect, text, type Box } from './svg';

/**
 * The Ember & Ink mark on a 32-unit grid: an "E" of three bars on its spine, an "I" stem and
 * the ember spark as its dot. Class names let the favicon restyle it for dark tabs. Every
 * edge sits on an even unit so it stays crisp at 16 px.
 */
export function emberMark(
  area: Box,
  colors: { tile: string; e: string; i: string; spark: string },
  radius = 7,
): string {
  const s = area.w / 32;
  const at = (x: number, y: number) => `M${area.x + x * s} ${area.y + y * s}`;
  // The E's four bars as one outline, and the i with its spark as one path when they share a
  // colour: fewer elements, no seams where bars meet, and a favicon small enough to travel
  // inside the page (decision 0085).
  const e = `${at(7, 8)}h${12 * s}v${4 * s}h${-8 * s}v${2 * s}h${5 * s}v${4 * s}h${-5 * s}v${2 * s}h${8 * s}v${4 * s}h${-12 * s}Z`;
  const i = `${at(21, 14)}h${4 * s}v${10 * s}h${-4 * s}Z`;
  const spark = `${at(23, 6.5)}c${1.8 * s} ${1.6 * s} ${2.6 * s} ${2.6 * s} ${2.2 * s} ${3.6 * s}a${2.3 * s} ${2.3 * s} 0 0 1 ${-4.4 * s} 0c${-0.4 * s} ${-1 * s} ${0.4 * s} ${-2 * s} ${2.2 * s} ${-3.6 * s}Z`;
  return group(
    {},
    rect(area, colors.tile, { rx: radius * s, class: 'mark-tile' }),
    path(e, colors.e, { class: 'mark-e' }),
    ...(colors.i === colors.spark
      ? [path(`${i}${spark}`, colors.i, { class: 'mark-i' })]
      : [
          path(i, colors.i, { class: 'mark-i' }),
          path(spark, colors.spark, { class: 'mark-spark' }),
        ]),
  );
}

export const MARK_ON_INK = {
  tile: brand.ink,
  e: brand.emberBright,
  i: brand.goldBright,
  spark: brand.goldBright,
} as const;

/** A circular monogram: one to three letters inside a ring. */
export function monogram(area: Box, letters: string, ink: string, ring = true): string {
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2;
  const r = area.w / 2;
  return group(
    {},
    ring ? circle(cx, cy, r * 0.94, 'none', { stroke: ink, 'stroke-width': r * 0.06 }) : '',
    text(cx, cy + r * 0.24, letters, {
      'font-family': 'DejaVu Serif',
      'font-size': r * (letters.length > 2 ? 0.6 : 0.72),
      'font-weight': 700,
      'text-anchor': 'middle',
      fill: ink,
      'letter-spacing': r * 0.02,
    }),
  );
}

/** Pine over a wave inside a disc: a coffee roaster's badge. */
export function pineMark(area: Box, fill: string, ink: string): string {
  const { x, y, w } = area;
  const cx = x + w / 2;
  return group(
    {},
    circle(cx, y + w / 2, w / 2, fill),
    path(
      `M${cx} ${y + w * 0.16} L${cx + w * 0.2} ${y + w * 0.5} H${cx + w * 0.08} L${cx + w * 0.24} ${y + w * 0.72} H${cx - w * 0.24} L${cx - w * 0.08} ${y + w * 0.5} H${cx - w * 0.2} Z`,
      ink,
    ),
    path(
      `M${x + w * 0.2} ${y + w * 0.8} q${w * 0.15} ${-w * 0.08} ${w * 0.3} 0 t${w * 0.3} 0`,
      'none',
      { stroke: ink, 'stroke-width': w * 0.045, 'stroke-linecap': 'round' },
    ),
  );
}

/** A short fake wordmark in letter-spaced capitals. */
export function wordmark(
  x: number,
  y: number,
  word: string,
  size: number,
  fill: string,
  anchor = 'start',
): string {
  return text(x, y, word, {
    'font-family': 'DejaVu Sans',
    'font-size': size,
    'font-weight': 700,
    'letter-spacing': size * 0.18,
    'text-anchor': anchor,
    fill,
  });
}
