import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ICON_SPRITE_FILE, composeIconSprite } from './write-icon-sprite';

describe('the icon file', () => {
  it('is exactly what the script makes from lucide-react', async () => {
    const committed = await readFile(ICON_SPRITE_FILE, 'utf8');
    expect(committed, 'run: npx tsx scripts/icons/write-icon-sprite.ts').toBe(composeIconSprite());
  });
});
