import { monogram, pineMark, wordmark } from './marks';
import { sunRings, waves } from './mockups/motifs';
import { can, coffeeCup, dropperBottle, jar, pouch, tube } from './mockups/packaging';
import { booklet, businessCard, envelope, letterhead, poster } from './mockups/print';
import { accent, brand } from './palette';
import { CARD, SHADOW, scene, type Composition } from './scene';
import { box, circle, group, path, rect, textLines, type Box } from './svg';

export const harborPine: Composition = (seed) => {
  const mark = (a: Box) => pineMark(a, brand.paper, accent.pine);
  return scene(
    { ...CARD, background: accent.pine, seed },
    circle(200, 200, 300, '#285e53'),
    rect(box(0, 740, 1200, 160), '#173b34'),
    pouch(box(150, 260, 300, 480), brand.paper, (a) =>
      group(
        {},
        mark(box(a.x + a.w / 2 - 60, a.y + 10, 120, 120)),
        wordmark(a.x + a.w / 2, a.y + 180, 'H&P', 34, accent.pine, 'middle'),
        textLines(a.x + 50, a.y + 206, [130], brand.gold, 6),
      ),
    ),
    coffeeCup(box(500, 340, 220, 400), brand.paper, brand.gold, '#e9e1d3', (a) =>
      pineMark(box(a.x + a.w / 2 - a.h / 2, a.y, a.h, a.h), brand.paper, accent.pine),
    ),
    businessCard(
      box(780, 540, 320, 180),
      brand.paper,
      (a) =>
        group(
          {},
          mark(box(a.x + 24, a.y + 24, 60, 60)),
          textLines(a.x + 24, a.y + 120, [150, 110], accent.pineLight, 7, 9),
        ),
      -8,
    ),
    businessCard(
      box(800, 330, 320, 180),
      brand.goldBright,
      (a) =>
        group(
          {},
          pineMark(box(a.x + a.w / 2 - 50, a.y + 40, 100, 100), accent.pine, brand.goldBright),
        ),
      6,
    ),
  );
};

export const lumenSkincare: Composition = (seed) => {
  const label = (a: Box) =>
    group(
      {},
      circle(a.x + a.w / 2, a.y + a.h * 0.35, Math.min(a.w, a.h) * 0.16, brand.goldBright),
      textLines(
        a.x + a.w * 0.2,
        a.y + a.h * 0.62,
        [a.w * 0.6, a.w * 0.36],
        '#8a7d74',
        Math.max(4, a.h * 0.05),
        a.h * 0.05,
      ),
    );
  return scene(
    { ...CARD, background: accent.blush, seed },
    path('M300 900 V400 a300 300 0 0 1 600 0 V900 Z', '#f7e4da'),
    circle(860, 220, 70, brand.goldBright, { opacity: 0.7 }),
    rect(box(0, 740, 1200, 160), '#e8c2b2'),
    rect(box(240, 700, 720, 40), '#f0d2c5', { rx: 6 }),
    dropperBottle(box(330, 200, 180, 530), '#c9d3bd', brand.paper, label),
    tube(box(550, 270, 160, 460), accent.sage, brand.paper, label),
    jar(box(750, 540, 230, 190), brand.paper, accent.sage, label),
    group(
      { filter: SHADOW.sm },
      circle(290, 690, 34, '#f3d9c0'),
      circle(1000, 705, 22, accent.sage),
    ),
  );
};

export const solsticeFestival: Composition = (seed) => {
  const sunset = (a: Box, rings: readonly string[], sky: string) =>
    group(
      {},
      rect(a, sky),
      sunRings(a.x + a.w / 2, a.y + a.h * 0.62, a.w * 0.55, rings),
      rect(box(a.x, a.y + a.h * 0.62, a.w, a.h * 0.38), brand.ink),
      waves(box(a.x, a.y + a.h * 0.7, a.w, a.h * 0.3), [accent.plum, accent.magenta], 14),
      wordmark(a.x + 24, a.y + 60, 'SOL', 40, brand.paper),
      textLines(a.x + 24, a.y + 80, [a.w * 0.4], brand.paper, 6),
    );
  return scene(
    { ...CARD, background: accent.plum, seed },
    circle(600, 900, 520, accent.magenta, { opacity: 0.35 }),
    poster(
      box(110, 200, 300, 430),
      (a) => sunset(a, [brand.goldBright, brand.emberBright, accent.magenta], '#f6c7a1'),
      -7,
    ),
    poster(
      box(790, 200, 300, 430),
      (a) => sunset(a, [accent.magenta, brand.ember, brand.goldBright], accent.blush),
      7,
    ),
    poster(
      box(420, 120, 360, 520),
      (a) => sunset(a, [brand.ember, brand.emberBright, brand.goldBright, '#fff1d6'], '#f3b48a'),
      0,
    ),
    group(
      {},
      ...[0, 1, 2, 3, 4].map((i) =>
        rect(
          box(420 + i * 76, 700, 56, 100),
          [brand.goldBright, brand.emberBright, accent.magenta, brand.ember, '#f6c7a1'][i] ??
            brand.ember,
          { rx: 28, filter: SHADOW.sm },
        ),
      ),
    ),
  );
};

export const ridgelineBrewing: Composition = (seed) => {
  const ridge = (top: string, bottom: string, sun: string) => (a: Box) =>
    group(
      {},
      rect(a, top),
      circle(a.x + a.w * 0.62, a.y + a.h * 0.34, a.w * 0.2, sun),
      path(
        `M${a.x} ${a.y + a.h * 0.55} L${a.x + a.w * 0.3} ${a.y + a.h * 0.36} L${a.x + a.w * 0.55} ${a.y + a.h * 0.5} L${a.x + a.w * 0.8} ${a.y + a.h * 0.32} L${a.x + a.w} ${a.y + a.h * 0.46} V${a.y + a.h} H${a.x} Z`,
        bottom,
      ),
      wordmark(a.x + a.w / 2, a.y + a.h * 0.75, 'RIDGE', a.w * 0.12, brand.paper, 'middle'),
      rect(box(a.x + a.w * 0.3, a.y + a.h * 0.8, a.w * 0.4, 5), brand.paper, { opacity: 0.6 }),
    );
  return scene(
    { ...CARD, background: '#e7c98f', seed },
    path('M0 520 L260 380 L480 500 L760 320 L1200 520 V900 H0 Z', '#d9b574'),
    rect(box(0, 760, 1200, 140), '#c89f5a'),
    can(box(230, 300, 210, 460), accent.slate, ridge(accent.slate, '#1d2f3a', brand.emberBright)),
    can(box(495, 250, 210, 510), accent.forest, ridge('#3d6b52', accent.forest, brand.goldBright)),
    can(box(760, 300, 210, 460), accent.clay, ridge(accent.clay, '#7a3b22', brand.goldBright)),
  );
};

export const marlowLaw: Composition = (seed) => {
  const gold = brand.goldBright;
  const mark = (a: Box) => monogram(a, 'M', brand.gold);
  return scene(
    { ...CARD, background: accent.wine, seed },
    rect(box(700, 0, 500, 900), '#571e2c'),
    letterhead(box(160, 130, 420, 594), accent.wine, gold, mark, -4),
    envelope(box(560, 520, 500, 280), '#f4ede4', '#ebe1d4', undefined, 5),
    businessCard(
      box(640, 150, 360, 210),
      '#3f1520',
      (a) =>
        group(
          {},
          monogram(box(a.x + a.w / 2 - 50, a.y + 40, 100, 100), 'M', gold),
          rect(box(a.x + a.w / 2 - 60, a.y + 165, 120, 4), gold, { opacity: 0.7 }),
        ),
      7,
    ),
    businessCard(
      box(700, 330, 360, 210),
      brand.paper,
      (a) =>
        group(
          {},
          textLines(a.x + 30, a.y + 40, [150], accent.wine, 12),
          textLines(a.x + 30, a.y + 64, [100], brand.gold, 6),
          textLines(a.x + 30, a.y + 140, [160, 140, 120], brand.line, 5, 10),
          mark(box(a.x + a.w - 86, a.y + a.h - 86, 56, 56)),
        ),
      -4,
    ),
    circle(210, 790, 40, gold, { filter: SHADOW.sm }),
    monogram(box(180, 760, 60, 60), 'M', accent.wine, false),
  );
};

export const tidewaterReport: Composition = (seed) => {
  const cover = (a: Box) =>
    group(
      {},
      rect(a, '#0c3f4c'),
      waves(
        box(a.x, a.y + a.h * 0.5, a.w, a.h * 0.5),
        [accent.teal, '#2e8088', accent.sky, accent.sand],
        22,
      ),
      wordmark(a.x + 36, a.y + 80, 'TIDE', 44, brand.paper),
      textLines(a.x + 36, a.y + 104, [120], accent.sand, 8),
      textLines(a.x + 36, a.y + 200, [150], brand.goldBright, 40),
    );
  const spread = (a: Box) =>
    group(
      {},
      rect(a, brand.paper),
      rect(box(a.x + a.w / 2 - 1, a.y, 2, a.h), brand.line),
      textLines(a.x + 30, a.y + 40, [180, 140], accent.teal, 14, 10),
      textLines(a.x + 30, a.y + 110, [200, 190, 200, 170, 190, 120], '#cfc4b8', 5, 9),
      ...[0.5, 0.7, 0.6, 0.9].map((v, i) =>
        rect(
          box(a.x + 40 + i * 46, a.y + a.h - 40 - v * 120, 30, v * 120),
          i === 3 ? brand.ember : accent.teal,
          { rx: 4 },
        ),
      ),
      circle(a.x + a.w * 0.75, a.y + a.h * 0.38, 70, 'none', {
        stroke: accent.sky,
        'stroke-width': 26,
      }),
      circle(a.x + a.w * 0.75, a.y + a.h * 0.38, 70, 'none', {
        stroke: accent.teal,
        'stroke-width': 26,
        'stroke-dasharray': '300 500',
        transform: `rotate(-90 ${a.x + a.w * 0.75} ${a.y + a.h * 0.38})`,
      }),
      textLines(a.x + a.w * 0.56, a.y + a.h * 0.66, [180, 150, 170, 120], '#cfc4b8', 5, 9),
    );
  return scene(
    { ...CARD, background: accent.sand, seed },
    waves(box(0, 640, 1200, 260), ['#d6c29c', '#c9b48c'], 18),
    booklet(box(560, 130, 540, 380), spread, brand.line, 4),
    booklet(box(140, 180, 380, 540), cover, '#072a33', -4),
  );
};
