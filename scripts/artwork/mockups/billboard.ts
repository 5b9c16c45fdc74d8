import { brand } from '../palette';
import { SHADOW } from '../scene';
import { box, clipped, group, rect, type Box } from '../svg';

/** A roadside billboard on two posts with a catwalk and lamps. */
export function billboard(panel: Box, groundY: number, art: (area: Box) => string): string {
  const { x, y, w, h } = panel;
  const post = w * 0.035;
  const posts = [0.25, 0.75].map((t) =>
    rect(box(x + w * t - post / 2, y + h, post, groundY - y - h), brand.inkSoft),
  );
  const lamps = [0.15, 0.5, 0.85].map((t) =>
    group(
      {},
      rect(box(x + w * t - 2, y - 34, 4, 34), brand.inkSoft),
      rect(box(x + w * t - 18, y - 42, 36, 12), brand.ink, { rx: 4 }),
    ),
  );
  return group(
    {},
    ...posts,
    rect(box(x - 10, y + h + 14, w + 20, 8), brand.inkSoft),
    ...lamps,
    rect(box(x - 12, y - 12, w + 24, h + 24), brand.ink, { filter: SHADOW.lg }),
    clipped(panel, 0, art(panel)),
  );
}
