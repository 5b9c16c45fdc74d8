import { brand } from '../palette';
import { SHADOW } from '../scene';
import { box, circle, clipped, group, path, rect, textLines, type Box } from '../svg';

type Art = (area: Box) => string;

/** A printed poster; `art` fills the sheet. */
export function poster(area: Box, art: Art, rotate = 0): string {
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2;
  return group(
    { transform: `rotate(${rotate} ${cx} ${cy})` },
    rect(area, brand.paper, { filter: SHADOW.md }),
    clipped(area, 0, art(area)),
  );
}

/** A business card with the mark placed by `art`. */
export function businessCard(area: Box, fill: string, art: Art, rotate = 0): string {
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2;
  return group(
    { transform: `rotate(${rotate} ${cx} ${cy})` },
    rect(area, fill, { rx: area.w * 0.02, filter: SHADOW.sm }),
    art(area),
  );
}

/** An A4 letterhead: mark top left, an address block and body copy. */
export function letterhead(
  area: Box,
  ink: string,
  accentColor: string,
  mark: Art,
  rotate = 0,
): string {
  const { x, y, w, h } = area;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const s = w / 400;
  const body = [320, 300, 310, 280, 316, 180].map((lw) => lw * s);
  return group(
    { transform: `rotate(${rotate} ${cx} ${cy})` },
    rect(area, brand.white, { filter: SHADOW.md }),
    mark(box(x + 36 * s, y + 40 * s, 54 * s, 54 * s)),
    textLines(x + 260 * s, y + 48 * s, [100 * s, 80 * s, 90 * s], ink, 5 * s, 8 * s),
    textLines(x + 36 * s, y + 150 * s, [120 * s, 90 * s], ink, 6 * s, 9 * s),
    textLines(x + 36 * s, y + 220 * s, body, brand.line, 6 * s, 12 * s),
    textLines(x + 36 * s, y + 340 * s, body.slice(1), brand.line, 6 * s, 12 * s),
    rect(box(x, y + h - 10 * s, w, 10 * s), accentColor),
  );
}

/** A closed envelope, seen from the back, with an optional wax seal. */
export function envelope(area: Box, fill: string, flap: string, seal?: string, rotate = 0): string {
  const { x, y, w, h } = area;
  const cx = x + w / 2;
  const cy = y + h / 2;
  return group(
    { transform: `rotate(${rotate} ${cx} ${cy})` },
    rect(area, fill, { filter: SHADOW.md }),
    path(`M${x} ${y} L${cx} ${y + h * 0.58} L${x + w} ${y} Z`, flap),
    path(`M${x} ${y + h} L${cx} ${y + h * 0.45} L${x + w} ${y + h}`, 'none', {
      stroke: '#000',
      'stroke-opacity': 0.08,
      'stroke-width': 2,
    }),
    seal ? circle(cx, y + h * 0.56, w * 0.07, seal, { filter: SHADOW.sm }) : '',
    seal
      ? circle(cx, y + h * 0.56, w * 0.045, 'none', {
          stroke: '#fff',
          'stroke-opacity': 0.35,
          'stroke-width': 2,
        })
      : '',
  );
}

/** A bound report: cover art and a visible spine edge. */
export function booklet(area: Box, art: Art, spine: string, rotate = 0): string {
  const { x, y, w, h } = area;
  return group(
    { transform: `rotate(${rotate} ${x + w / 2} ${y + h / 2})` },
    rect(box(x + 6, y + 6, w, h), brand.line, { filter: SHADOW.lg }),
    clipped(area, 0, art(area)),
    rect(box(x, y, w * 0.03, h), spine, { opacity: 0.5 }),
  );
}
