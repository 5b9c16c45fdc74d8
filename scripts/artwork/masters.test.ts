import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const assets = join(import.meta.dirname, '..', '..', 'src', 'assets');
const MAX_BYTES = 250 * 1024;

const families = [
  { folder: 'services', count: 10, width: 1200, height: 900 },
  { folder: 'portfolio', count: 12, width: 1200, height: 900 },
  { folder: 'about', count: 1, width: 960, height: 1200 },
];

describe('committed image masters', () => {
  for (const family of families) {
    it(`${family.folder}: ${family.count} progressive JPEGs at ${family.width}×${family.height}, each under 250 KB`, async () => {
      const files = (await readdir(join(assets, family.folder))).filter((name) =>
        name.endsWith('.jpg'),
      );
      expect(files).toHaveLength(family.count);
      for (const name of files) {
        const file = join(assets, family.folder, name);
        const meta = await sharp(file).metadata();
        expect({
          name,
          format: meta.format,
          width: meta.width,
          height: meta.height,
          progressive: meta.isProgressive,
        }).toEqual({
          name,
          format: 'jpeg',
          width: family.width,
          height: family.height,
          progressive: true,
        });
        expect((await stat(file)).size).toBeLessThan(MAX_BYTES);
      }
    });
  }
});
