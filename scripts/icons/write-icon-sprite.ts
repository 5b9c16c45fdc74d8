import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SPRITE_ICONS } from '../../src/components/sprite-icons';

export const ICON_SPRITE_FILE = fileURLToPath(
  new URL('../../src/assets/icons/sprite.svg', import.meta.url),
);
export const ICON_STYLESHEET_FILE = fileURLToPath(
  new URL('../../src/assets/icons/icons.css', import.meta.url),
);

/** Lucide's drawing attributes, so that every icon draws as Lucide's own SVG. */
const DRAWING_ATTRIBUTES =
  'fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** Each icon's 24-unit square, with room around it so no stroke reaches its neighbour's view. */
const ICON_PITCH = 32;

function iconShapes(name: string, Icon: (typeof SPRITE_ICONS)[keyof typeof SPRITE_ICONS]) {
  const svg = renderToStaticMarkup(createElement(Icon));
  const shapes = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
  if (shapes === undefined) throw new Error(`lucide-react drew ${name} as ${svg}`);
  return shapes;
}

/**
 * The icons side by side in one file, each with a `<view id="name">` framing it, so that
 * `url(sprite.svg#name)` is that icon as an image (decision 0084). Drawn in black: the page
 * uses them as masks and paints them in the text's colour.
 */
export function composeIconSprite(): string {
  const icons = Object.entries(SPRITE_ICONS).map(([name, Icon], index) => ({
    view: `<view id="${name}" viewBox="${index * ICON_PITCH} 0 24 24"/>`,
    drawing: `<g transform="translate(${index * ICON_PITCH})">${iconShapes(name, Icon)}</g>`,
  }));
  const views = icons.map(({ view }) => view).join('');
  const drawings = icons.map(({ drawing }) => drawing).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg">${views}<g ${DRAWING_ATTRIBUTES}>${drawings}</g></svg>\n`;
}

/** One class per icon that masks its box with that icon's view of the sprite. */
export function composeIconStylesheet(): string {
  const rules = Object.keys(SPRITE_ICONS).map(
    (name) => `.icon-${name} {\n  mask-image: url('./sprite.svg#${name}');\n}\n`,
  );
  return `/* Made by scripts/icons/write-icon-sprite.ts from src/components/sprite-icons.ts. */\n${rules.join('')}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(ICON_SPRITE_FILE, composeIconSprite());
  await writeFile(ICON_STYLESHEET_FILE, composeIconStylesheet());
  console.log(`Wrote ${ICON_SPRITE_FILE} and ${ICON_STYLESHEET_FILE}`);
}
