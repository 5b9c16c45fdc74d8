/**
 * What the display font (Fraunces) ships with: the characters and weights the headings use.
 * The Latin subset of the upstream font is 36 KB; this one is about 21 KB. A character outside
 * the set falls back, glyph by glyph, to the next serif in the font stack. The subset script,
 * the page's loader (display-face.ts) and the prerendered pages' `@font-face` all read it here.
 */

/** The family name the theme's `--font-display` stack starts with. */
export const DISPLAY_FONT_FAMILY = 'Fraunces';

/** [first, last] code points, inclusive. */
const RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin: letters, digits, ASCII punctuation
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // ©
  [0xae, 0xae], // ®
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xd7, 0xd7], // ×
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
];

/** The weights the site sets in the display font: normal (400) and semibold (600). */
export const DISPLAY_FONT_WEIGHTS = { min: 400, max: 600 } as const;

export const DISPLAY_FONT_TEXT = RANGES.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)),
).join('');

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** The `unicode-range` descriptor that tells browsers which characters the file covers. */
export const DISPLAY_FONT_UNICODE_RANGE = RANGES.map(([first, last]) =>
  first === last ? hex(first) : `${hex(first)}-${hex(last).slice(2)}`,
).join(', ');

/** The weights as a `font-weight` descriptor: one variable file serves the whole range. */
export const DISPLAY_FONT_WEIGHT_RANGE = `${DISPLAY_FONT_WEIGHTS.min} ${DISPLAY_FONT_WEIGHTS.max}`;
