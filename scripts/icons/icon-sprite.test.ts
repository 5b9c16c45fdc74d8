import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SPRITE_ICONS } from '../../src/components/sprite-icons';
import {
  ICON_SPRITE_FILE,
  ICON_STYLESHEET_FILE,
  composeIconSprite,
  composeIconStylesheet,
} from './write-icon-sprite';

const REMAKE = 'run: npx tsx scripts/icons/write-icon-sprite.ts';

describe('the icon file', () => {
  it('is exactly what the script makes from lucide-react', async () => {
    expect(await readFile(ICON_SPRITE_FILE, 'utf8'), REMAKE).toBe(composeIconSprite());
    expect(await readFile(ICON_STYLESHEET_FILE, 'utf8'), REMAKE).toBe(composeIconStylesheet());
  });

  it('frames every icon in a view of its own that no other icon reaches into', () => {
    const views = [
      ...composeIconSprite().matchAll(/<view id="([\w-]+)" viewBox="(\d+) 0 24 24"\/>/g),
    ];
    expect(views.map(([, name]) => name)).toEqual(Object.keys(SPRITE_ICONS));
    const lefts = views.map(([, , left]) => Number(left));
    // Lucide draws inside 24 units with a stroke of 2: a gap of 8 keeps each stroke in its view.
    const gaps = lefts.slice(1).map((left, index) => left - (lefts[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(24 + 8);
  });
});
