import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SPRITE_ICONS } from '../../src/components/sprite-icons';

export const ICON_SPRITE_FILE = fileURLToPath(
  new URL('../../src/assets/icons/sprite.svg', import.meta.url),
);

/** Lucide's drawing attributes, on each symbol so that every use of it draws as Lucide's own SVG. */
const SYMBOL_ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** One `<symbol id="name">` per icon, with the shapes lucide-react renders for it. */
export function composeIconSprite(): string {
  const symbols = Object.entries(SPRITE_ICONS).map(([name, Icon]) => {
    const svg = renderToStaticMarkup(createElement(Icon));
    const shapes = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
    if (shapes === undefined) throw new Error(`lucide-react drew ${name} as ${svg}`);
    return `<symbol id="${name}" ${SYMBOL_ATTRIBUTES}>${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(ICON_SPRITE_FILE, composeIconSprite());
  console.log(`Wrote ${ICON_SPRITE_FILE}`);
}
