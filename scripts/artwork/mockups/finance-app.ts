import {
  box,
  circle,
  el,
  group,
  linearGradient,
  path,
  placed,
  rect,
  textLines,
  uid,
  type Box,
} from '../svg';

export interface AppTheme {
  bg: string;
  ink: string;
  muted: string;
  accent: string;
  accent2: string;
  card: string;
}

/** A banking app home screen: balance card, quick actions, transactions. */
export function financeScreen(display: Box, theme: AppTheme): string {
  const cardId = uid('balance');
  return placed(display, 400, (height) =>
    group(
      {},
      el(
        'defs',
        {},
        linearGradient(
          cardId,
          [
            [0, theme.accent],
            [1, theme.accent2],
          ],
          35,
        ),
      ),
      rect(box(0, 0, 400, height), theme.bg),
      textLines(28, 80, [90, 160], theme.muted, 10, 12),
      circle(350, 92, 20, theme.accent2, { opacity: 0.6 }),
      rect(box(24, 140, 352, 200), `url(#${cardId})`, { rx: 26 }),
      textLines(48, 172, [80], theme.bg, 8),
      textLines(48, 200, [190], theme.bg, 30),
      path('M48 300 C 100 290, 120 250, 170 262 S 250 240, 290 232 S 340 210, 352 214', 'none', {
        stroke: theme.bg,
        'stroke-width': 4,
        'stroke-linecap': 'round',
        opacity: 0.85,
      }),
      ...[0, 1, 2, 3].map((i) =>
        group(
          {},
          circle(64 + i * 91, 396, 28, theme.card),
          circle(64 + i * 91, 396, 9, i === 0 ? theme.accent : theme.muted),
        ),
      ),
      textLines(28, 460, [130], theme.ink, 12),
      ...[0, 1, 2, 3, 4].map((i) =>
        group(
          {},
          rect(box(24, 492 + i * 76, 352, 64), theme.card, { rx: 16 }),
          circle(60, 524 + i * 76, 18, i % 2 ? theme.accent2 : theme.accent, { opacity: 0.75 }),
          textLines(90, 510 + i * 76, [120 - i * 8, 70], theme.muted, 8, 10),
          rect(box(300, 518 + i * 76, 56, 12), i === 1 ? theme.accent : theme.ink, { rx: 6 }),
        ),
      ),
    ),
  );
}

/** A second screen: savings goal ring with weekly bars. */
export function goalsScreen(display: Box, theme: AppTheme): string {
  return placed(display, 400, (height) => {
    const r = 100;
    const circumference = 2 * Math.PI * r;
    return group(
      {},
      rect(box(0, 0, 400, height), theme.bg),
      textLines(28, 80, [140], theme.ink, 14),
      circle(200, 280, r, 'none', { stroke: theme.card, 'stroke-width': 26 }),
      circle(200, 280, r, 'none', {
        stroke: theme.accent,
        'stroke-width': 26,
        'stroke-linecap': 'round',
        'stroke-dasharray': `${circumference * 0.68} ${circumference}`,
        transform: 'rotate(-90 200 280)',
      }),
      textLines(140, 262, [120], theme.ink, 26),
      textLines(160, 302, [80], theme.muted, 8),
      ...[0.4, 0.7, 0.5, 0.9, 0.6, 0.8, 0.45].map((v, i) =>
        rect(box(40 + i * 48, 620 - v * 180, 28, v * 180), i === 3 ? theme.accent : theme.accent2, {
          rx: 10,
          opacity: i === 3 ? 1 : 0.55,
        }),
      ),
      rect(box(24, 660, 352, 64), theme.accent, { rx: 32 }),
      textLines(150, 688, [100], theme.bg, 8),
    );
  });
}
