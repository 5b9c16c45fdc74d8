import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_SERVICES } from '../../common/form-constants';
import { FIELD_ERROR_CODES } from '../../common/api';
import { apiErrorWords, fieldErrorWords } from '../content/form-errors';

const ASSETS = 'dist/client/assets';
const hasBuild = existsSync(ASSETS);
if (!hasBuild) {
  console.warn(`SKIPPED: no build in ${ASSETS}; run \`npm run build\` to check its scripts.`);
}

/**
 * Every content module, read as the site reads it: the test follows the content. The forms'
 * refusal words are the one exception: the studio does not edit them, and they travel with the
 * field rules, loaded at the first focus on a form (decision 0082).
 */
const contentModules = import.meta.glob<Record<string, unknown>>(
  ['../content/*.ts', '!../content/*.test.ts', '!../content/form-errors.ts'],
  { eager: true },
);
/** Every refusal a form can show, some of which other pages' content restates. */
const refusalWords = new Set([
  ...Object.values(apiErrorWords),
  ...FIELD_ERROR_CODES.flatMap((code) =>
    (['name', 'email', 'service', 'message'] as const).map((field) => fieldErrorWords[code](field)),
  ),
]);
/** The chunk `load-form-rules.ts` imports the words with, at the first focus on a form. */
const FORM_RULES_CHUNK = /^describe-errors-[\w-]+\.js$/;

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

const copy = [...new Set(Object.values(contentModules).flatMap(stringsIn))].filter(
  (text) => isCopy(text) && !refusalWords.has(text),
);

describe.skipIf(!hasBuild)('the scripts served for /', () => {
  const scripts = hasBuild
    ? readdirSync(ASSETS).filter((name) => name.endsWith('.js') && !name.startsWith('studio-'))
    : [];

  it('carry no copy from the content modules: the page brings its words in its HTML', () => {
    expect(scripts.length, 'the build has scripts').toBeGreaterThan(3);
    expect(copy.length, 'the content modules were read').toBeGreaterThan(100);
    const found = scripts.flatMap((name) => {
      const code = readFileSync(join(ASSETS, name), 'utf8');
      return copy.filter((text) => code.includes(text)).map((text) => `${name}: "${text}"`);
    });
    expect(found).toEqual([]);
  });

  it('carry the refusal words only in the chunk a form loads at its first focus', () => {
    const carriers = scripts.filter((name) =>
      readFileSync(join(ASSETS, name), 'utf8').includes(apiErrorWords.too_large),
    );
    expect(carriers).toHaveLength(1);
    expect(carriers[0]).toMatch(FORM_RULES_CHUNK);
  });
});
