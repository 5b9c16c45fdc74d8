import { brand } from '../palette';
import { SHADOW } from '../scene';
import { box, clipped, group, inset, rect, type Box } from '../svg';

/** A phone seen from the front; `screen` draws the app into the display area. */
export function phone(
  frame: Box,
  screen: (display: Box) => string,
  body: string = brand.ink,
): string {
  const radius = frame.w * 0.15;
  const bezel = frame.w * 0.035;
  const display = inset(frame, bezel);
  const island = box(
    frame.x + frame.w * 0.38,
    display.y + frame.w * 0.035,
    frame.w * 0.24,
    frame.w * 0.06,
  );
  return group(
    {},
    rect(
      box(frame.x + frame.w - 2, frame.y + frame.h * 0.22, frame.w * 0.025 + 2, frame.h * 0.1),
      body,
      { rx: 3 },
    ),
    rect(frame, body, { rx: radius, filter: SHADOW.lg }),
    clipped(display, radius - bezel, screen(display)),
    rect(island, brand.ink, { rx: island.h / 2 }),
  );
}
