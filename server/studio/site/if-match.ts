/**
 * What an If-Match header asks for: absent (428), or the revisions the editor last saw. `*`
 * ("whatever is there") is treated as absent: every change to the site must name the revision
 * it was made on, or two editors could overwrite each other without knowing.
 */
export type Precondition = { kind: 'missing' } | { kind: 'revisions'; revisions: string[] };

const ENTITY_TAG = /^"([^"]*)"$/;

export function readIfMatch(header: string | null): Precondition {
  if (header === null || header.trim() === '' || header.trim() === '*') return { kind: 'missing' };
  // Weak tags (W/"…") never match: If-Match compares strongly (RFC 9110, 13.1.1).
  const revisions = header
    .split(',')
    .map((part) => ENTITY_TAG.exec(part.trim())?.[1])
    .filter((revision): revision is string => revision !== undefined && revision !== '');
  return { kind: 'revisions', revisions };
}

/** The revision the header names that equals `current`, or the first one it names. */
export function pickRevision(precondition: { revisions: string[] }, current: string): string {
  return (
    precondition.revisions.find((revision) => revision === current) ??
    precondition.revisions[0] ??
    ''
  );
}

export const etagOf = (revision: string) => `"${revision}"`;
