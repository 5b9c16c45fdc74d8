/** Longest slug a subject gives; a suffix for a repeated subject may follow it. */
const SLUG_MAX = 80;

/**
 * The part of `/letters/<slug>` a subject gives: lower-case letters and digits joined by
 * hyphens, accents dropped; `letter` when nothing of the subject is left.
 */
export function slugFromSubject(subject: string): string {
  const slug = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '')
    .join('-')
    .slice(0, SLUG_MAX);
  // A cut may end on the hyphen between two words.
  const trimmed = slug.endsWith('-') ? slug.slice(0, -1) : slug;
  return trimmed === '' ? 'letter' : trimmed;
}

/** The slug's `attempt`th candidate: the slug itself, then `slug-2`, `slug-3`… */
export function slugCandidate(slug: string, attempt: number): string {
  return attempt === 1 ? slug : `${slug}-${attempt}`;
}
