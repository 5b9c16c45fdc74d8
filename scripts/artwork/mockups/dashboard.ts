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

export interface DashboardTheme {
  bg: string;
  side: string;
  sideInk: string;
  card: string;
  ink: string;
  muted: string;
  accent: string;
  accent2: string;
  line: string;
}

function linePath(points: readonly number[], area: Box): string {
  const step = area.w / (points.length - 1);
  return points
    .map(
      (value, index) =>
        `${index === 0 ? 'M' : 'L'}${area.x + index * step} ${area.y + area.h * (1 - value)}`,
    )
    .join(' ');
}

function trendCard(theme: DashboardTheme, area: Box, series: readonly number[]): string {
  const fillId = uid('area');
  const chart = box(area.x + 24, area.y + 80, area.w - 48, area.h - 110);
  const line = linePath(series, chart);
  const grid = [0, 1, 2, 3].map((i) =>
    rect(box(chart.x, chart.y + (chart.h / 3) * i, chart.w, 1.5), theme.line),
  );
  return group(
    {},
    el(
      'defs',
      {},
      linearGradient(fillId, [
        [0, theme.accent, 0.35],
        [1, theme.accent, 0],
      ]),
    ),
    rect(area, theme.card, { rx: 14 }),
    textLines(area.x + 24, area.y + 26, [140], theme.ink, 12),
    textLines(area.x + 24, area.y + 50, [90], theme.muted, 8),
    ...grid,
    path(
      `${line} L${chart.x + chart.w} ${chart.y + chart.h} L${chart.x} ${chart.y + chart.h} Z`,
      `url(#${fillId})`,
    ),
    path(line, 'none', { stroke: theme.accent, 'stroke-width': 4, 'stroke-linejoin': 'round' }),
    path(
      linePath(
        series.map((v) => v * 0.6 + 0.05),
        chart,
      ),
      'none',
      {
        stroke: theme.accent2,
        'stroke-width': 3,
        'stroke-dasharray': '8 8',
      },
    ),
  );
}

function barsCard(theme: DashboardTheme, area: Box, values: readonly number[]): string {
  const slot = (area.w - 48) / values.length;
  const bars = values.map((value, index) => {
    const h = (area.h - 100) * value;
    return rect(
      box(area.x + 24 + index * slot + slot * 0.2, area.y + area.h - 24 - h, slot * 0.6, h),
      index === values.length - 2 ? theme.accent : theme.accent2,
      { rx: 5 },
    );
  });
  return group(
    {},
    rect(area, theme.card, { rx: 14 }),
    textLines(area.x + 24, area.y + 26, [110], theme.ink, 12),
    ...bars,
  );
}

function donutCard(theme: DashboardTheme, area: Box): string {
  const cx = area.x + area.w / 2;
  const cy = area.y + area.h / 2 + 14;
  const r = Math.min(area.w, area.h) * 0.28;
  const circumference = 2 * Math.PI * r;
  const ring = (stroke: string, share: number, offset: number) =>
    circle(cx, cy, r, 'none', {
      stroke,
      'stroke-width': r * 0.36,
      'stroke-dasharray': `${circumference * share} ${circumference}`,
      'stroke-dashoffset': -circumference * offset,
      transform: `rotate(-90 ${cx} ${cy})`,
    });
  return group(
    {},
    rect(area, theme.card, { rx: 14 }),
    textLines(area.x + 24, area.y + 26, [100], theme.ink, 12),
    ring(theme.line, 1, 0),
    ring(theme.accent, 0.46, 0),
    ring(theme.accent2, 0.28, 0.48),
  );
}

function kpi(theme: DashboardTheme, area: Box, highlight: boolean): string {
  return group(
    {},
    rect(area, highlight ? theme.accent : theme.card, { rx: 14 }),
    textLines(area.x + 20, area.y + 22, [80], highlight ? theme.card : theme.muted, 8),
    textLines(area.x + 20, area.y + 48, [120], highlight ? theme.card : theme.ink, 22),
    rect(box(area.x + area.w - 70, area.y + 22, 50, 18), highlight ? theme.card : theme.accent2, {
      rx: 9,
      opacity: 0.5,
    }),
  );
}

/** An analytics dashboard: sidebar, KPIs, a trend chart, bars and a donut. */
export function dashboardScreen(
  screen: Box,
  theme: DashboardTheme,
  series: readonly number[],
): string {
  return placed(screen, 1000, (height) => {
    const menu = [0, 1, 2, 3, 4, 5].map((i) =>
      group(
        {},
        i === 1 ? rect(box(16, 96 + i * 44, 148, 34), theme.accent, { rx: 8, opacity: 0.9 }) : '',
        rect(box(30, 108 + i * 44, 12, 12), theme.sideInk, { rx: 3, opacity: i === 1 ? 1 : 0.6 }),
        rect(box(52, 110 + i * 44, 70 + ((i * 17) % 40), 8), theme.sideInk, {
          rx: 4,
          opacity: i === 1 ? 1 : 0.6,
        }),
      ),
    );
    return group(
      {},
      rect(box(0, 0, 1000, height), theme.bg),
      rect(box(0, 0, 180, height), theme.side),
      circle(40, 48, 14, theme.accent),
      rect(box(62, 42, 80, 12), theme.sideInk, { rx: 6 }),
      ...menu,
      rect(box(210, 28, 300, 36), theme.card, { rx: 18 }),
      circle(950, 46, 18, theme.accent2),
      rect(box(820, 34, 100, 24), theme.card, { rx: 12 }),
      ...[0, 1, 2, 3].map((i) => kpi(theme, box(210 + i * 195, 92, 180, 96), i === 0)),
      trendCard(theme, box(210, 208, 570, 300), series),
      donutCard(theme, box(800, 208, 180, 300)),
      barsCard(
        theme,
        box(210, 528, 370, Math.max(160, height - 548)),
        [0.4, 0.6, 0.5, 0.8, 0.7, 0.95, 0.6],
      ),
      rect(box(600, 528, 380, Math.max(160, height - 548)), theme.card, { rx: 14 }),
      ...[0, 1, 2, 3].map((i) =>
        group(
          {},
          circle(630, 574 + i * 40, 10, i % 2 ? theme.accent2 : theme.accent, { opacity: 0.8 }),
          textLines(652, 570 + i * 40, [150 - i * 14], theme.muted, 8),
          rect(box(900, 568 + i * 40, 56, 12), theme.line, { rx: 6 }),
        ),
      ),
    );
  });
}
