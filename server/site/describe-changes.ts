import type { SiteContent } from '../../common/site-content';
import { SITE_SECTION_NAMES as SECTION_NAMES } from '../../common/site-sections';

const SECTIONS = Object.keys(SECTION_NAMES).filter(
  (key): key is keyof SiteContent => key in SECTION_NAMES,
);

/** An image is one field to the person who uploaded it, however many files it was made into. */
const isImage = (value: object) => 'sources' in value && 'width' in value && 'height' in value;

/** Every field of a JSON value by its dotted path; an image is compared whole. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (value === null || typeof value !== 'object') {
    into.set(prefix, value);
  } else if (isImage(value)) {
    into.set(prefix, JSON.stringify(value));
  } else {
    for (const [key, child] of Object.entries(value)) flatten(child, `${prefix}.${key}`, into);
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
