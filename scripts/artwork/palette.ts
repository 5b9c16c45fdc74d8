/** The studio palette (mirrors the design tokens in src/theme/tokens.css) plus accents for variety. */
export const brand = {
  paper: '#faf6f0',
  paperSunk: '#f1ebe1',
  line: '#e3dace',
  ink: '#1c1720',
  inkSoft: '#2a2330',
  inkMuted: '#5a5160',
  ember: '#c2410c',
  emberBright: '#fb8a4c',
  gold: '#a16207',
  goldBright: '#f2c46d',
  white: '#ffffff',
} as const;

/** Per-image accents keep the grid varied while the warm base stays shared. */
export const accent = {
  pine: '#1f4d44',
  pineLight: '#6f9b87',
  sage: '#b7c4a4',
  blush: '#f2d4c6',
  rose: '#c76b6b',
  wine: '#6b2737',
  slate: '#2f4858',
  sky: '#a9c6d8',
  navy: '#1b2f4b',
  teal: '#0f5c63',
  sand: '#e9d8b8',
  olive: '#5f6f2e',
  clay: '#b5653e',
  plum: '#4b2a4a',
  magenta: '#b83a6b',
  stone: '#d8d2c8',
  concrete: '#a8a39a',
  mint: '#cfe3d3',
  forest: '#24513a',
} as const;
