import { emberMark, MARK_ON_INK, monogram, wordmark } from './marks';
import { sunRings } from './mockups/motifs';
import { can, carton, dropperBottle, jar } from './mockups/packaging';
import { businessCard, envelope, letterhead, poster } from './mockups/print';
import { accent, brand } from './palette';
import { CARD, SHADOW, scene, type Composition } from './scene';
import { box, circle, el, group, linearGradient, path, rect, textLines, type Box } from './svg';

export const graphicDesign: Composition = (seed) =>
  scene(
    { ...CARD, background: brand.paperSunk, seed },
    rect(box(0, 600, 1200, 300), accent.sand),
    poster(
      box(110, 150, 330, 460),
      (a) =>
        group(
          {},
          rect(a, brand.ink),
          sunRings(a.x + a.w / 2, a.y + a.h * 0.42, 130, [
            brand.ember,
            brand.emberBright,
            brand.goldBright,
          ]),
          textLines(a.x + 30, a.y + a.h - 90, [200, 140], brand.paper, 16, 12),
        ),
      -4,
    ),
    poster(
      box(440, 110, 340, 480),
      (a) =>
        group(
          {},
          rect(a, brand.goldBright),
          rect(box(a.x, a.y + a.h * 0.55, a.w, a.h * 0.45), brand.ember),
          path(
            `M${a.x + 40} ${a.y + a.h * 0.55} a${a.w / 2 - 40} ${a.w / 2 - 40} 0 0 1 ${a.w - 80} 0 Z`,
            brand.ink,
          ),
          circle(a.x + a.w * 0.72, a.y + 90, 36, brand.paper),
          textLines(a.x + 30, a.y + a.h - 100, [230, 170, 120], brand.paper, 14, 12),
        ),
      2,
    ),
    poster(
      box(780, 170, 310, 440),
      (a) =>
        group(
          {},
          rect(a, accent.pine),
          ...[0, 1, 2, 3, 4].map((i) =>
            rect(
              box(a.x + 30 + i * 52, a.y + 60 + (i % 2) * 60, 36, 240),
              i === 2 ? brand.goldBright : accent.sage,
              { rx: 18 },
            ),
          ),
          textLines(a.x + 30, a.y + a.h - 80, [180, 120], brand.paper, 14, 12),
        ),
      5,
    ),
    group(
      {},
      ...[brand.ember, brand.goldBright, accent.pine, brand.ink].map((fill, i) =>
        circle(470 + i * 70, 760, 26, fill, { filter: SHADOW.sm }),
      ),
    ),
  );

function emberLabel(area: Box): string {
  return group(
    {},
    circle(
      area.x + area.w / 2,
      area.y + area.h * 0.36,
      Math.min(area.w, area.h) * 0.2,
      brand.ember,
    ),
    textLines(
      area.x + area.w * 0.18,
      area.y + area.h * 0.66,
      [area.w * 0.64, area.w * 0.4],
      brand.ink,
      area.h * 0.06,
      area.h * 0.05,
    ),
  );
}

export const packagingDesign: Composition = (seed) =>
  scene(
    { ...CARD, background: brand.goldBright, seed },
    path('M600 0 H1200 V900 H900 Z', '#eab45a'),
    rect(box(0, 720, 1200, 180), '#d9a24a'),
    carton(
      box(180, 300, 300, 420),
      90,
      { front: brand.ink, side: '#120e15', top: brand.inkSoft },
      (a) =>
        group(
          {},
          sunRings(a.x + a.w / 2, a.y + a.h * 0.4, 100, [
            brand.ember,
            brand.emberBright,
            brand.goldBright,
          ]),
          wordmark(a.x + a.w / 2, a.y + a.h * 0.82, 'EMBR', 30, brand.paper, 'middle'),
        ),
    ),
    dropperBottle(box(560, 260, 150, 460), brand.ember, brand.ink, emberLabel),
    jar(box(760, 560, 220, 160), brand.paper, brand.ink, emberLabel),
    can(box(990, 380, 150, 340), brand.paper, (a) =>
      group(
        {},
        rect(box(a.x, a.y + a.h * 0.55, a.w, a.h * 0.45), brand.ember),
        circle(a.x + a.w / 2, a.y + a.h * 0.55, 44, brand.goldBright),
      ),
    ),
  );

export const corporateIdentity: Composition = (seed) => {
  const mark = (a: Box) => emberMark(a, MARK_ON_INK, 7);
  return scene(
    { ...CARD, background: brand.ink, seed },
    circle(1000, 160, 260, brand.inkSoft),
    letterhead(box(140, 120, 420, 594), brand.ink, brand.ember, mark, -5),
    envelope(box(520, 470, 520, 300), brand.paperSunk, '#e8dfd1', brand.ember, 4),
    businessCard(
      box(640, 170, 350, 200),
      brand.ember,
      (a) =>
        group(
          {},
          emberMark(box(a.x + 30, a.y + 30, 56, 56), {
            tile: brand.paper,
            e: brand.ember,
            i: brand.ink,
            spark: brand.ink,
          }),
          textLines(a.x + 30, a.y + 150, [150, 100], brand.paper, 8, 10),
        ),
      8,
    ),
    businessCard(
      box(700, 270, 350, 200),
      brand.paper,
      (a) =>
        group(
          {},
          textLines(a.x + 30, a.y + 40, [140], brand.ink, 14),
          textLines(a.x + 30, a.y + 70, [100], brand.inkMuted, 7),
          textLines(a.x + 30, a.y + 140, [170, 150, 120], brand.line, 6, 10),
          mark(box(a.x + a.w - 80, a.y + a.h - 80, 50, 50)),
        ),
      -3,
    ),
    group(
      {},
      ...[brand.ember, brand.emberBright, brand.goldBright, brand.paper].map((fill, i) =>
        rect(box(150 + i * 90, 770, 72, 72), fill, { rx: 12, filter: SHADOW.sm }),
      ),
    ),
  );
};

export const weddingAssets: Composition = (seed) => {
  const goldId = 'wedding-gold';
  const leaf = (x: number, y: number, angle: number) =>
    path(`M${x} ${y} q30 -24 60 0 q-30 24 -60 0 Z`, accent.sage, {
      transform: `rotate(${angle} ${x} ${y})`,
    });
  const vine = (x: number, y: number) =>
    group(
      {},
      path(`M${x} ${y} C${x + 40} ${y - 80} ${x + 120} ${y - 120} ${x + 200} ${y - 130}`, 'none', {
        stroke: accent.pineLight,
        'stroke-width': 3,
      }),
      leaf(x + 40, y - 60, -70),
      leaf(x + 90, y - 104, -40),
      leaf(x + 150, y - 124, -20),
      leaf(x + 60, y - 80, 20),
    );
  return scene(
    {
      ...CARD,
      background: accent.blush,
      seed,
      defs: linearGradient(
        goldId,
        [
          [0, brand.goldBright],
          [1, brand.gold],
        ],
        30,
      ),
    },
    path('M700 900 V380 a250 250 0 0 1 500 0 V900 Z', '#ecc4b4'),
    envelope(box(660, 400, 440, 300), '#f7ebe3', '#efdcd0', accent.wine, -6),
    group(
      { transform: 'rotate(-3 400 450)' },
      rect(box(200, 130, 400, 600), brand.paper, { filter: SHADOW.lg }),
      path('M250 690 V330 a150 150 0 0 1 300 0 V690 Z', 'none', {
        stroke: `url(#${goldId})`,
        'stroke-width': 4,
      }),
      path('M266 676 V334 a134 134 0 0 1 268 0 V676 Z', 'none', {
        stroke: `url(#${goldId})`,
        'stroke-width': 1.5,
      }),
      monogram(box(350, 260, 100, 100), 'A&J', brand.gold, false),
      textLines(310, 420, [180], accent.wine, 10),
      textLines(330, 450, [140, 120], '#c9b8ad', 6, 12),
      rect(box(380, 540, 40, 3), `url(#${goldId})`),
      textLines(320, 580, [160, 130], '#c9b8ad', 6, 12),
      vine(170, 770),
    ),
    group(
      { transform: 'rotate(6 860 300)' },
      rect(box(740, 150, 240, 300), '#fffaf5', { filter: SHADOW.md }),
      monogram(box(820, 190, 80, 80), 'R', brand.gold),
      textLines(780, 320, [160, 120, 140], '#c9b8ad', 6, 14),
    ),
    circle(1090, 110, 46, `url(#${goldId})`, { filter: SHADOW.sm }),
    el('circle', {
      cx: 1090,
      cy: 110,
      r: 30,
      fill: 'none',
      stroke: brand.paper,
      'stroke-width': 2,
      opacity: 0.7,
    }),
  );
};

export const tradeshowBooths: Composition = (seed) => {
  const floorId = 'booth-floor';
  return scene(
    {
      ...CARD,
      background: '#2b2530',
      seed,
      defs: linearGradient(floorId, [
        [0, '#4a4050'],
        [1, '#1e1a22'],
      ]),
    },
    ...[260, 600, 940].map((x) =>
      path(`M${x - 40} 0 L${x + 40} 0 L${x + 160} 700 L${x - 160} 700 Z`, brand.goldBright, {
        opacity: 0.07,
      }),
    ),
    path('M0 700 L1200 700 L1200 900 L0 900 Z', `url(#${floorId})`),
    path('M140 720 L1060 720 L1140 860 L60 860 Z', brand.ember, { opacity: 0.85 }),
    rect(box(180, 150, 840, 540), brand.paper, { filter: SHADOW.lg }),
    rect(box(180, 150, 840, 60), brand.ink),
    circle(760, 430, 210, brand.ember),
    circle(760, 430, 140, brand.emberBright),
    circle(760, 430, 70, brand.goldBright),
    emberMark(box(240, 270, 110, 110), MARK_ON_INK),
    textLines(240, 420, [300, 240], brand.ink, 24, 14),
    textLines(240, 500, [260, 220, 180], brand.inkMuted, 8, 12),
    ...[0, 1, 2].map((i) => circle(420 + i * 180, 180, 10, brand.goldBright)),
    group(
      { filter: SHADOW.md },
      rect(box(420, 560, 360, 200), brand.ink),
      rect(box(400, 540, 400, 28), brand.inkSoft, { rx: 4 }),
      emberMark(box(570, 610, 60, 60), {
        tile: brand.ink,
        e: brand.emberBright,
        i: brand.goldBright,
        spark: brand.goldBright,
      }),
    ),
    group(
      { filter: SHADOW.md },
      rect(box(70, 260, 120, 500), brand.ember),
      circle(130, 380, 40, brand.goldBright),
      textLines(96, 460, [68, 50, 60], brand.paper, 8, 12),
      rect(box(60, 756, 140, 12), brand.inkSoft, { rx: 4 }),
    ),
    group(
      { filter: SHADOW.md },
      rect(box(1010, 260, 120, 500), brand.ink),
      rect(box(1010, 260, 120, 250), brand.emberBright),
      textLines(1036, 560, [68, 50, 60], brand.paper, 8, 12),
      rect(box(1000, 756, 140, 12), brand.inkSoft, { rx: 4 }),
    ),
  );
};
