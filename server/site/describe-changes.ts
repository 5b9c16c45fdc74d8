import type { SiteContent } from '../../common/site-content';
import { SITE_SECTION_NAMES as SECTION_NAMES } from '../../common/site-sections';

const SECTIONS = Object.keys(SECTION_NAMES).filter(
  (key): key is keyof SiteContent => key in SECTION_NAMES,
);

/** Every leaf of a JSON value by its dotted path. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, `${prefix}.${key}`, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * One line for the history: which sections a publish changed and how many fields in each,
 * e.g. "Hero: 1 field; Testimonials: 3 fields".
 */
export function describeContentChanges(before: SiteContent | null, after: SiteContent): string {
  if (before === null) return 'First publish';
  const parts: string[] = [];
  for (const section of SECTIONS) {
    const name = SECTION_NAMES[section];
    const old = flatten(before[section], section, new Map());
    const now = flatten(after[section], section, new Map());
    const paths = new Set([...old.keys(), ...now.keys()]);
    const changed = [...paths].filter((path) => old.get(path) !== now.get(path)).length;
    if (changed > 0) parts.push(`${name}: ${plural(changed, 'field')}`);
  }
  return parts.length === 0 ? 'No changes' : parts.join('; ');
}
