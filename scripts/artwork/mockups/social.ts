import { brand } from '../palette';
import { SHADOW } from '../scene';
import { box, circle, clipped, group, path, rect, textLines, type Box } from '../svg';

/** A heart outline centred on (cx, cy), as in a like button. */
export function heart(cx: number, cy: number, size: number, fill: string): string {
  const s = size / 2;
  return path(
    `M${cx} ${cy + s * 0.9} C${cx - s * 1.6} ${cy - s * 0.1} ${cx - s * 0.7} ${cy - s * 1.3} ${cx} ${cy - s * 0.45} C${cx + s * 0.7} ${cy - s * 1.3} ${cx + s * 1.6} ${cy - s * 0.1} ${cx} ${cy + s * 0.9} Z`,
    fill,
  );
}

/** A social post card: avatar row, square image and a caption. */
export function postCard(
  area: Box,
  art: (image: Box) => string,
  accentColor: string,
  rotate = 0,
): string {
  const { x, y, w } = area;
  const pad = w * 0.06;
  const image = box(x, y + w * 0.18, w, w);
  return group(
    { transform: `rotate(${rotate} ${x + w / 2} ${y + area.h / 2})` },
    rect(area, brand.white, { rx: w * 0.05, filter: SHADOW.md }),
    circle(x + pad + w * 0.05, y + w * 0.09, w * 0.05, accentColor),
    textLines(x + pad + w * 0.14, y + w * 0.07, [w * 0.3], brand.inkMuted, w * 0.03),
    clipped(image, 0, art(image)),
    heart(x + pad + w * 0.04, image.y + image.h + w * 0.08, w * 0.08, accentColor),
    textLines(
      x + pad,
      image.y + image.h + w * 0.15,
      [w * 0.7, w * 0.5],
      brand.line,
      w * 0.025,
      w * 0.025,
    ),
  );
}
