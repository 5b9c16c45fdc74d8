import { billboard } from './mockups/billboard';
import { browserWindow } from './mockups/browser';
import { orbs } from './mockups/motifs';
import { phone } from './mockups/phone';
import { heart, postCard } from './mockups/social';
import { mobileSite, websiteScreen, type SiteTheme } from './mockups/website';
import { accent, brand } from './palette';
import { createRandom } from './random';
import { CARD, SHADOW, scene, type Composition } from './scene';
import { box, circle, el, group, linearGradient, path, rect, textLines } from './svg';

const studioSite: SiteTheme = {
  bg: brand.paper,
  ink: brand.ink,
  muted: '#b9aea3',
  accent: brand.ember,
  card: brand.paperSunk,
  hero: (area) => orbs(area, [brand.ink, brand.ember, brand.goldBright, brand.emberBright]),
};

export const webDesign: Composition = (seed) =>
  scene(
    { ...CARD, background: brand.paperSunk, seed },
    circle(1060, 140, 330, brand.emberBright, { opacity: 0.9 }),
    path('M0 900 V560 a300 300 0 0 1 300 300 V900 Z', brand.goldBright),
    browserWindow(box(110, 150, 840, 600), (screen) =>
      websiteScreen(screen, studioSite, 'editorial'),
    ),
    phone(box(860, 340, 220, 450), (display) => mobileSite(display, studioSite)),
  );

export const socialMedia: Composition = (seed) => {
  const tints = [
    brand.emberBright,
    accent.sage,
    brand.goldBright,
    accent.blush,
    brand.ember,
    accent.pineLight,
  ];
  const art = (index: number) => (image: ReturnType<typeof box>) =>
    group(
      {},
      rect(image, tints[index % tints.length] ?? brand.ember),
      circle(image.x + image.w * 0.5, image.y + image.h * 0.55, image.w * 0.28, brand.paper, {
        opacity: 0.85,
      }),
      circle(
        image.x + image.w * 0.62,
        image.y + image.h * 0.42,
        image.w * 0.14,
        tints[(index + 2) % tints.length] ?? brand.ink,
      ),
    );
  return scene(
    { ...CARD, background: accent.wine, seed },
    circle(240, 220, 260, accent.rose, { opacity: 0.5 }),
    circle(1020, 780, 320, brand.ember, { opacity: 0.45 }),
    postCard(box(90, 200, 300, 420), art(0), brand.ember, -6),
    postCard(box(810, 260, 300, 420), art(3), accent.rose, 5),
    phone(box(440, 90, 330, 690), (display) =>
      group(
        {},
        rect(display, brand.paper),
        ...Array.from({ length: 15 }, (_, i) => {
          const size = (display.w - 16) / 3;
          const tile = box(
            display.x + 4 + (i % 3) * (size + 4),
            display.y + 150 + Math.floor(i / 3) * (size + 4),
            size,
            size,
          );
          return art(i)(tile);
        }),
        circle(display.x + 50, display.y + 90, 30, brand.ember),
        textLines(display.x + 96, display.y + 76, [120, 80], brand.inkMuted, 8, 10),
      ),
    ),
    group(
      { filter: SHADOW.sm },
      circle(820, 170, 44, brand.white),
      heart(820, 172, 40, brand.ember),
    ),
    group(
      { filter: SHADOW.sm },
      rect(box(330, 700, 150, 56), brand.white, { rx: 28 }),
      heart(366, 728, 26, accent.rose),
      textLines(392, 724, [64], brand.ink, 8),
    ),
  );
};

export const seoResearch: Composition = (seed) => {
  const random = createRandom(seed);
  const bars = Array.from({ length: 9 }, (_, i) => 0.2 + (i / 9) * 0.6 + random() * 0.12);
  return scene(
    { ...CARD, background: accent.teal, seed },
    circle(180, 760, 300, accent.pine, { opacity: 0.8 }),
    group(
      {},
      rect(box(140, 140, 640, 600), brand.paper, { rx: 22, filter: SHADOW.lg }),
      rect(box(180, 180, 560, 64), brand.white, { rx: 32, stroke: brand.line, 'stroke-width': 2 }),
      circle(222, 212, 12, 'none', { stroke: brand.ember, 'stroke-width': 4 }),
      textLines(250, 208, [220], brand.inkMuted, 8),
      ...[0, 1, 2, 3].map((i) =>
        group(
          {},
          i === 0 ? rect(box(172, 276, 576, 110), brand.goldBright, { rx: 14, opacity: 0.25 }) : '',
          textLines(196, 296 + i * 110, [120], accent.pineLight, 7),
          textLines(196, 314 + i * 110, [300 - i * 30], i === 0 ? brand.ember : brand.ink, 13),
          textLines(196, 342 + i * 110, [480, 380], '#cfc4b8', 7, 9),
        ),
      ),
    ),
    group(
      {},
      rect(box(680, 420, 400, 340), brand.ink, { rx: 22, filter: SHADOW.lg }),
      ...bars.map((v, i) =>
        rect(
          box(716 + i * 38, 720 - v * 240, 24, v * 240),
          i === bars.length - 1 ? brand.emberBright : accent.pineLight,
          { rx: 6 },
        ),
      ),
      path('M716 640 L800 600 L880 560 L960 500 L1040 440', 'none', {
        stroke: brand.goldBright,
        'stroke-width': 4,
        'stroke-dasharray': '2 10',
        'stroke-linecap': 'round',
      }),
    ),
    group(
      { filter: SHADOW.md },
      circle(930, 250, 120, 'none', { stroke: brand.goldBright, 'stroke-width': 26 }),
      circle(930, 250, 107, brand.white, { opacity: 0.15 }),
      path('M1010 335 L1110 440', 'none', {
        stroke: brand.goldBright,
        'stroke-width': 40,
        'stroke-linecap': 'round',
      }),
    ),
  );
};

export const presentations: Composition = (seed) => {
  const slide = (x: number, y: number, w: number, rotate: number, content: string) =>
    group(
      { transform: `rotate(${rotate} ${x + w / 2} ${y + (w * 9) / 32})` },
      rect(box(x, y, w, (w * 9) / 16), brand.white, { rx: 8, filter: SHADOW.md }),
      content,
    );
  return scene(
    { ...CARD, background: accent.plum, seed },
    path('M0 0 H520 L260 900 H0 Z', brand.inkSoft, { opacity: 0.6 }),
    slide(
      120,
      120,
      420,
      -8,
      group(
        {},
        rect(box(120, 120, 160, 236), brand.goldBright, { rx: 8 }),
        textLines(310, 170, [180, 140], brand.ink, 14, 12),
        textLines(310, 240, [190, 170, 150], brand.line, 6, 10),
      ),
    ),
    slide(
      690,
      140,
      400,
      7,
      group(
        {},
        circle(800, 252, 70, brand.emberBright),
        circle(800, 252, 36, brand.white),
        textLines(900, 210, [150, 120, 140], brand.line, 8, 14),
      ),
    ),
    slide(
      220,
      300,
      760,
      0,
      group(
        {},
        textLines(270, 350, [320], brand.ink, 24),
        textLines(270, 394, [240], brand.inkMuted, 8),
        ...[0.45, 0.62, 0.54, 0.8, 0.95].map((v, i) =>
          rect(box(280 + i * 90, 680 - v * 240, 56, v * 240), i === 4 ? brand.ember : accent.sand, {
            rx: 6,
          }),
        ),
        rect(box(740, 440, 190, 240), brand.paperSunk, { rx: 12 }),
        textLines(764, 468, [110, 140, 120, 90], brand.inkMuted, 7, 16),
        textLines(764, 600, [120], brand.ember, 30),
      ),
    ),
    rect(box(420, 760, 360, 12), brand.goldBright, { rx: 6, opacity: 0.8 }),
    ...[0, 1, 2, 3, 4].map((i) =>
      circle(520 + i * 40, 810, 7, i === 2 ? brand.goldBright : brand.paper, {
        opacity: i === 2 ? 1 : 0.4,
      }),
    ),
  );
};

export const marketingStrategy: Composition = (seed) => {
  const skyId = 'strategy-sky';
  return scene(
    {
      ...CARD,
      background: `url(#${skyId})`,
      seed,
      defs: linearGradient(skyId, [
        [0, '#f6c7a1'],
        [0.7, brand.paper],
      ]),
    },
    circle(940, 230, 120, brand.emberBright, { opacity: 0.9 }),
    path('M0 760 L300 640 L560 720 L860 600 L1200 700 V900 H0 Z', accent.sand),
    path('M0 820 L400 760 L760 810 L1200 740 V900 H0 Z', '#d9c49b'),
    billboard(box(160, 150, 660, 330), 820, (panel) =>
      group(
        {},
        rect(panel, brand.ink),
        circle(panel.x + 500, panel.y + 165, 200, brand.ember),
        circle(panel.x + 500, panel.y + 165, 140, brand.emberBright),
        circle(panel.x + 500, panel.y + 165, 80, brand.goldBright),
        circle(panel.x + 500, panel.y + 165, 26, brand.ink),
        textLines(panel.x + 40, panel.y + 60, [260, 200], brand.paper, 30, 16),
        rect(box(panel.x + 40, panel.y + 230, 140, 44), brand.goldBright, { rx: 22 }),
      ),
    ),
    group(
      {},
      rect(box(860, 470, 250, 220), brand.white, { rx: 18, filter: SHADOW.lg }),
      textLines(890, 500, [120], brand.ink, 10),
      path('M890 650 L950 610 L1000 625 L1080 540', 'none', {
        stroke: brand.ember,
        'stroke-width': 6,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
      path('M1060 536 L1084 536 L1084 560', 'none', {
        stroke: brand.ember,
        'stroke-width': 6,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
      el('line', { x1: 890, y1: 665, x2: 1080, y2: 665, stroke: brand.line, 'stroke-width': 2 }),
    ),
  );
};
