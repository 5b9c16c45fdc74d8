import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_SERVICES } from '../../common/form-constants';

const ASSETS = 'dist/client/assets';
const hasBuild = existsSync(ASSETS);
if (!hasBuild) {
  console.warn(`SKIPPED: no build in ${ASSETS}; run \`npm run build\` to check its scripts.`);
}

/** Every content module, read as the site reads it: the test follows the content. */
const contentModules = import.meta.glob<Record<string, unknown>>(
  ['../content/*.ts', '!../content/*.test.ts'],
  { eager: true },
);

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * Words a visitor reads: not a link target, an asset URL, an image's srcset or a lower-case
 * key, and long enough that finding it in a script means copy, not a coincidence. The eight contact services are
 * the API's own values (common/), which the browser's field rules must know.
 */
function isCopy(text: string): boolean {
  if (text.length < 8 || /^[#/]|\/assets\/|\.(avif|webp|jpg) /.test(text)) return false;
  if (!/\s|^[A-Z]/.test(text)) return false;
  return !CONTACT_SERVICES.some((service) => service.includes(text));
}

const copy = [...new Set(Object.values(contentModules).flatMap(stringsIn))].filter(isCopy);

describe.skipIf(!hasBuild)('the scripts served for /', () => {
  it('carry no copy from the content modules: the page brings its words in its HTML', () => {
    const scripts = readdirSync(ASSETS).filter(
      (name) => name.endsWith('.js') && !name.startsWith('studio-'),
    );
    expect(scripts.length, 'the build has scripts').toBeGreaterThan(3);
    expect(copy.length, 'the content modules were read').toBeGreaterThan(100);
    const found = scripts.flatMap((name) => {
      const code = readFileSync(join(ASSETS, name), 'utf8');
      return copy.filter((text) => code.includes(text)).map((text) => `${name}: "${text}"`);
    });
    expect(found).toEqual([]);
  });
});
