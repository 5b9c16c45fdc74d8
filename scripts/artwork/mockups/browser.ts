import { brand } from '../palette';
import { SHADOW } from '../scene';
import { box, circle, clipped, group, rect, type Box } from '../svg';

export interface BrowserTheme {
  frame: string;
  pill: string;
}

const LIGHT: BrowserTheme = { frame: brand.white, pill: brand.paperSunk };

/** A stylised browser window; `content` draws the page into the area below the toolbar. */
export function browserWindow(
  frame: Box,
  content: (screen: Box) => string,
  theme: BrowserTheme = LIGHT,
): string {
  const bar = Math.max(26, frame.w * 0.042);
  const radius = Math.max(10, frame.w * 0.014);
  const dot = bar * 0.14;
  const screen = box(frame.x, frame.y + bar, frame.w, frame.h - bar);
  const dots = ['#e7a48a', '#ecc980', '#a9c39a'].map((fill, index) =>
    circle(frame.x + bar * 0.6 + index * dot * 3.2, frame.y + bar / 2, dot, fill),
  );
  const urlPill = rect(
    box(frame.x + frame.w * 0.32, frame.y + bar * 0.26, frame.w * 0.36, bar * 0.48),
    theme.pill,
    {
      rx: bar * 0.24,
    },
  );
  return group(
    {},
    rect(frame, theme.frame, { rx: radius, filter: SHADOW.lg }),
    ...dots,
    urlPill,
    clipped(box(frame.x, frame.y, frame.w, frame.h), radius, content(screen)),
  );
}
