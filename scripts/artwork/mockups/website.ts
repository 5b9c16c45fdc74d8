import { box, circle, group, placed, rect, textLines, type Box } from '../svg';

export interface SiteTheme {
  bg: string;
  ink: string;
  muted: string;
  accent: string;
  card: string;
  /** Draws the hero image into the given area. */
  hero: (area: Box) => string;
}

function navigation(theme: SiteTheme): string {
  return group(
    {},
    circle(56, 44, 12, theme.accent),
    rect(box(76, 38, 74, 12), theme.ink, { rx: 6 }),
    ...[0, 1, 2, 3].map((i) => rect(box(560 + i * 78, 39, 54, 10), theme.muted, { rx: 5 })),
    rect(box(874, 28, 86, 32), theme.accent, { rx: 16 }),
  );
}

/** Headline left, hero image right, a row of cards below. */
function splitLayout(theme: SiteTheme, height: number): string {
  const cards = [0, 1, 2].map((i) => {
    const x = 40 + i * 310;
    return group(
      {},
      rect(box(x, 470, 290, 200), theme.card, { rx: 14 }),
      rect(box(x + 16, 486, 258, 100), theme.accent, { rx: 10, opacity: 0.18 + i * 0.2 }),
      textLines(x + 16, 604, [180, 220], theme.muted, 8, 12),
    );
  });
  return group(
    {},
    rect(box(0, 0, 1000, height), theme.bg),
    navigation(theme),
    textLines(40, 130, [380, 330, 250], theme.ink, 36, 14),
    textLines(40, 300, [360, 320, 200], theme.muted, 9, 13),
    rect(box(40, 380, 150, 46), theme.accent, { rx: 23 }),
    rect(box(204, 380, 130, 46), 'none', { rx: 23, stroke: theme.ink, 'stroke-width': 2 }),
    theme.hero(box(480, 100, 480, 330)),
    ...cards,
  );
}

/** Full-bleed hero image with the headline laid over it. */
function editorialLayout(theme: SiteTheme, height: number): string {
  return group(
    {},
    rect(box(0, 0, 1000, height), theme.bg),
    navigation(theme),
    theme.hero(box(40, 90, 920, 360)),
    textLines(80, 300, [420, 300], theme.bg, 34, 14),
    rect(box(80, 390, 140, 40), theme.accent, { rx: 20 }),
    ...[0, 1, 2, 3].map((i) =>
      group(
        {},
        circle(70 + i * 235, 510, 18, theme.accent, { opacity: 0.85 }),
        textLines(100 + i * 235, 500, [130, 90], theme.muted, 8, 8),
      ),
    ),
    textLines(40, 570, [600, 560, 480], theme.muted, 9, 13),
  );
}

/** A quiet portfolio grid, as architects and photographers like it. */
function galleryLayout(theme: SiteTheme, height: number): string {
  const tiles = [
    box(40, 250, 440, 300),
    box(500, 250, 220, 140),
    box(740, 250, 220, 140),
    box(500, 410, 460, 140),
    box(40, 570, 290, 200),
    box(350, 570, 610, 200),
  ];
  return group(
    {},
    rect(box(0, 0, 1000, height), theme.bg),
    navigation(theme),
    textLines(40, 110, [520, 380], theme.ink, 30, 16),
    textLines(640, 116, [300, 260], theme.muted, 8, 12),
    ...tiles.map((tile, index) =>
      index === 0
        ? theme.hero(tile)
        : rect(tile, theme.card, { opacity: 0.55 + (index % 3) * 0.15 }),
    ),
  );
}

const layouts = { split: splitLayout, editorial: editorialLayout, gallery: galleryLayout } as const;

export function websiteScreen(screen: Box, theme: SiteTheme, layout: keyof typeof layouts): string {
  return placed(screen, 1000, (height) => layouts[layout](theme, height));
}

/** The same site at phone width: stacked hero, copy and a button. */
export function mobileSite(display: Box, theme: SiteTheme): string {
  return placed(display, 400, (height) =>
    group(
      {},
      rect(box(0, 0, 400, height), theme.bg),
      circle(40, 70, 12, theme.accent),
      ...[0, 1, 2].map((i) => rect(box(330, 60 + i * 9, 36, 4), theme.ink, { rx: 2 })),
      theme.hero(box(20, 110, 360, 300)),
      textLines(28, 440, [300, 240], theme.ink, 26, 12),
      textLines(28, 530, [320, 300, 220], theme.muted, 8, 12),
      rect(box(28, 610, 170, 50), theme.accent, { rx: 25 }),
      rect(box(20, 690, 360, 200), theme.card, { rx: 18 }),
    ),
  );
}
