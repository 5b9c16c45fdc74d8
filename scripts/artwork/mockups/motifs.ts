import { brand } from '../palette';
import { box, circle, clipped, el, group, linearGradient, path, rect, uid, type Box } from '../svg';

/** Landscape art for outdoor brands: sky, sun and layered ridges. */
export function mountains(
  area: Box,
  colors: { sky: string; sun: string; ridges: readonly string[] },
): string {
  const skyId = uid('sky');
  const { x, y, w, h } = area;
  const ridges = colors.ridges.map((fill, index) => {
    const base = y + h * (0.5 + index * 0.14);
    const peaks = [0, 0.18, 0.34, 0.52, 0.7, 0.86, 1].map((t, i) => {
      const lift = ((i + index) % 2 === 0 ? 0.16 : 0.02) * h;
      return `L${x + t * w} ${base - lift}`;
    });
    return path(`M${x} ${y + h} ${peaks.join(' ')} L${x + w} ${y + h} Z`, fill);
  });
  return clipped(
    area,
    0,
    el(
      'defs',
      {},
      linearGradient(skyId, [
        [0, colors.sky],
        [1, brand.paper],
      ]),
    ),
    rect(area, `url(#${skyId})`),
    circle(x + w * 0.68, y + h * 0.36, h * 0.16, colors.sun),
    ...ridges,
  );
}

/** Overlapping discs and a half-moon: a calm abstract hero. */
export function orbs(area: Box, colors: readonly [string, string, string, string]): string {
  const { x, y, w, h } = area;
  return clipped(
    area,
    0,
    rect(area, colors[0]),
    circle(x + w * 0.35, y + h * 0.62, h * 0.48, colors[1]),
    circle(x + w * 0.72, y + h * 0.34, h * 0.3, colors[2], { opacity: 0.92 }),
    path(`M${x + w * 0.58} ${y + h} a${h * 0.26} ${h * 0.26} 0 0 1 ${h * 0.52} 0 Z`, colors[3]),
  );
}

/** A facade of arched windows for architecture work. */
export function facade(
  area: Box,
  colors: { wall: string; window: string; sky: string; accent: string },
): string {
  const { x, y, w, h } = area;
  const columns = 4;
  const gap = w / (columns * 2 + 1);
  const windows = Array.from({ length: columns }, (_, index) => {
    const wx = x + gap + index * gap * 2;
    const top = y + h * 0.38;
    const bottom = y + h * 0.92;
    return path(
      `M${wx} ${bottom} V${top + gap / 2} a${gap / 2} ${gap / 2} 0 0 1 ${gap} 0 V${bottom} Z`,
      index === 2 ? colors.accent : colors.window,
    );
  });
  return clipped(
    area,
    0,
    rect(area, colors.sky),
    rect(box(x, y + h * 0.24, w, h * 0.76), colors.wall),
    rect(box(x, y + h * 0.24, w, h * 0.04), colors.window, { opacity: 0.4 }),
    ...windows,
  );
}

/** Concentric sun rings for festival posters. */
export function sunRings(
  cx: number,
  cy: number,
  radius: number,
  colors: readonly string[],
): string {
  return group(
    {},
    ...colors.map((fill, index) => circle(cx, cy, radius * (1 - index / colors.length), fill)),
  );
}

/** Horizontal wave bands for maritime work. */
export function waves(area: Box, colors: readonly string[], amplitude: number): string {
  const { x, y, w, h } = area;
  const bands = colors.map((fill, index) => {
    const top = y + (h / colors.length) * index;
    const step = w / 4;
    let d = `M${x} ${top}`;
    for (let i = 0; i < 4; i += 1) {
      const sx = x + i * step;
      d += ` C${sx + step * 0.3} ${top - amplitude} ${sx + step * 0.7} ${top + amplitude} ${sx + step} ${top}`;
    }
    return path(`${d} V${y + h} H${x} Z`, fill);
  });
  return clipped(area, 0, ...bands);
}
