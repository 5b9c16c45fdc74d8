import { wordmark } from './marks';
import { billboard } from './mockups/billboard';
import { browserWindow } from './mockups/browser';
import { dashboardScreen } from './mockups/dashboard';
import { financeScreen, goalsScreen, type AppTheme } from './mockups/finance-app';
import { facade, mountains } from './mockups/motifs';
import { phone } from './mockups/phone';
import { postCard } from './mockups/social';
import { mobileSite, websiteScreen, type SiteTheme } from './mockups/website';
import { accent, brand } from './palette';
import { createRandom } from './random';
import { CARD, SHADOW, scene, type Composition } from './scene';
import { box, circle, group, linearGradient, path, rect, textLines, type Box } from './svg';

const northwindSite: SiteTheme = {
  bg: '#f3f1ea',
  ink: accent.slate,
  muted: '#a9b3b8',
  accent: brand.ember,
  card: '#e4e2d8',
  hero: (area) =>
    mountains(area, {
      sky: accent.sky,
      sun: brand.emberBright,
      ridges: ['#7f9aa8', accent.slate, '#1d2f3a'],
    }),
};

export const northwindOutfitters: Composition = (seed) =>
  scene(
    { ...CARD, background: accent.slate, seed },
    path('M0 900 L0 620 L260 440 L480 620 L760 380 L1200 700 V900 Z', '#263b48'),
    circle(1030, 170, 90, brand.emberBright, { opacity: 0.9 }),
    browserWindow(box(120, 130, 960, 640), (screen) =>
      websiteScreen(screen, northwindSite, 'split'),
    ),
  );

const kindredSite: SiteTheme = {
  bg: '#f6f4f0',
  ink: '#2b2927',
  muted: '#b8b2aa',
  accent: accent.clay,
  card: accent.stone,
  hero: (area) =>
    facade(area, { wall: '#e8e2d8', window: '#3a3633', sky: '#d9cfc0', accent: accent.clay }),
};

export const kindredArchitecture: Composition = (seed) =>
  scene(
    { ...CARD, background: accent.stone, seed },
    rect(box(0, 0, 460, 900), accent.concrete, { opacity: 0.5 }),
    path('M760 900 V520 a220 220 0 0 1 440 0 V900 Z', accent.clay, { opacity: 0.9 }),
    browserWindow(box(90, 120, 860, 660), (screen) =>
      websiteScreen(screen, kindredSite, 'gallery'),
    ),
    phone(box(880, 300, 220, 450), (display) => mobileSite(display, kindredSite), '#2b2927'),
  );

const fieldnoteTheme: AppTheme = {
  bg: '#f5f3ec',
  ink: accent.forest,
  muted: '#9fb2a5',
  accent: accent.forest,
  accent2: '#5f9c76',
  card: '#e6ece2',
};

export const fieldnoteFinance: Composition = (seed) =>
  scene(
    { ...CARD, background: accent.mint, seed },
    circle(300, 450, 330, '#b4d3bc'),
    circle(900, 450, 260, brand.goldBright, { opacity: 0.55 }),
    rect(box(0, 760, 1200, 140), '#bcd6c3'),
    phone(
      box(300, 90, 320, 690),
      (display) => financeScreen(display, fieldnoteTheme),
      accent.forest,
    ),
    phone(
      box(660, 150, 300, 650),
      (display) =>
        goalsScreen(display, { ...fieldnoteTheme, accent: brand.ember, accent2: '#5f9c76' }),
      brand.ink,
    ),
  );

export const atlasLogistics: Composition = (seed) => {
  const random = createRandom(seed);
  const series = Array.from({ length: 12 }, (_, i) => 0.2 + i * 0.05 + random() * 0.14);
  const routes = [
    [60, 60, 200, 150],
    [200, 150, 330, 80],
    [200, 150, 300, 230],
  ] as const;
  return scene(
    { ...CARD, background: accent.navy, seed },
    ...Array.from({ length: 12 }, (_, i) =>
      rect(box(0, i * 80, 1200, 1), '#ffffff', { opacity: 0.05 }),
    ),
    ...Array.from({ length: 16 }, (_, i) =>
      rect(box(i * 80, 0, 1, 900), '#ffffff', { opacity: 0.05 }),
    ),
    browserWindow(box(90, 110, 900, 620), (screen) =>
      dashboardScreen(
        screen,
        {
          bg: '#eef1f5',
          side: accent.navy,
          sideInk: '#dbe4f0',
          card: brand.white,
          ink: accent.navy,
          muted: '#aab6c6',
          accent: '#e0962a',
          accent2: '#6f8fb8',
          line: '#e2e7ee',
        },
        series,
      ),
    ),
    group(
      { filter: SHADOW.lg },
      rect(box(760, 520, 380, 290), brand.white, { rx: 18 }),
      group(
        { transform: 'translate(780 540)' },
        rect(box(0, 0, 340, 250), '#e6ecf3', { rx: 12 }),
        path('M0 170 C80 150 120 200 200 180 S300 120 340 140 V250 H0 Z', '#d7e0ea'),
        ...routes.map(([x1, y1, x2, y2]) =>
          path(`M${x1} ${y1} Q${(x1 + x2) / 2} ${Math.min(y1, y2) - 40} ${x2} ${y2}`, 'none', {
            stroke: '#e0962a',
            'stroke-width': 4,
            'stroke-dasharray': '10 8',
          }),
        ),
        ...[
          [60, 60],
          [200, 150],
          [330, 80],
          [300, 230],
        ].map(([x, y]) =>
          group(
            {},
            circle(x ?? 0, y ?? 0, 12, accent.navy),
            circle(x ?? 0, y ?? 0, 5, brand.white),
          ),
        ),
      ),
    ),
  );
};

export const verdeKitchen: Composition = (seed) => {
  const skyId = 'verde-sky';
  const bowl = (a: Box) => {
    const cx = a.x + a.w * 0.72;
    const cy = a.y + a.h * 0.5;
    return group(
      {},
      rect(a, accent.olive),
      circle(cx, cy, 150, '#4b5a22'),
      circle(cx, cy, 120, brand.paper),
      circle(cx - 40, cy - 30, 42, '#8fae4a'),
      circle(cx + 44, cy - 20, 36, brand.emberBright),
      circle(cx + 10, cy + 50, 40, brand.goldBright),
      circle(cx - 52, cy + 40, 22, accent.rose),
      wordmark(a.x + 44, a.y + 110, 'VERDE', 54, brand.paper),
      textLines(a.x + 44, a.y + 150, [260, 200], '#d7dfb9', 12, 12),
      rect(box(a.x + 44, a.y + 230, 150, 44), brand.goldBright, { rx: 22 }),
    );
  };
  return scene(
    {
      ...CARD,
      background: `url(#${skyId})`,
      seed,
      defs: linearGradient(skyId, [
        [0, '#bcd3c4'],
        [1, '#f4ead8'],
      ]),
    },
    circle(1040, 160, 80, brand.goldBright),
    path('M0 690 L220 600 L420 660 L700 560 L1000 640 L1200 590 V900 H0 Z', '#9fb48e'),
    path('M0 760 L400 720 L800 770 L1200 720 V900 H0 Z', '#7c9366'),
    billboard(box(170, 140, 860, 380), 800, bowl),
    group(
      { filter: SHADOW.sm },
      ...[0, 1, 2].map((i) => path(`M${980 + i * 40} 800 l20 -70 l20 70 Z`, '#3f5a34')),
    ),
  );
};

export const bloomBarrel: Composition = (seed) => {
  const tints = [accent.rose, accent.wine, accent.blush, brand.goldBright, '#8e3b4f', accent.sage];
  const art = (index: number) => (image: Box) => {
    const fill = tints[index % tints.length] ?? accent.rose;
    const petal = tints[(index + 2) % tints.length] ?? brand.paper;
    const cx = image.x + image.w / 2;
    const cy = image.y + image.h / 2;
    return group(
      {},
      rect(image, fill),
      ...[0, 72, 144, 216, 288].map((angle) =>
        path(
          `M${cx} ${cy} q${image.w * 0.12} ${-image.w * 0.2} 0 ${-image.w * 0.32} q${-image.w * 0.12} ${image.w * 0.12} 0 ${image.w * 0.32} Z`,
          petal,
          { transform: `rotate(${angle} ${cx} ${cy})` },
        ),
      ),
      circle(cx, cy, image.w * 0.06, brand.goldBright),
    );
  };
  const grid = Array.from({ length: 9 }, (_, i) => {
    const size = 150;
    const x = 90 + (i % 3) * (size + 14);
    const y = 150 + Math.floor(i / 3) * (size + 14);
    return group(
      {},
      rect(box(x, y, size, size), brand.white, { filter: SHADOW.sm }),
      art(i)(box(x + 6, y + 6, size - 12, size - 12)),
    );
  });
  return scene(
    { ...CARD, background: '#f3dcd5', seed },
    path('M0 0 H640 V900 H0 Z', '#ecc9bf'),
    ...grid,
    postCard(box(660, 120, 380, 540), art(1), accent.wine, 4),
    phone(
      box(860, 380, 230, 470),
      (display) =>
        group(
          {},
          rect(display, brand.paper),
          art(4)(box(display.x, display.y + 80, display.w, display.w)),
          textLines(display.x + 20, display.y + 100 + display.w, [150, 110], brand.line, 8, 10),
        ),
      accent.wine,
    ),
  );
};
