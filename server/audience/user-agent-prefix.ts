/**
 * How much of a user agent is ever classified. A real browser's is well under this; what lies
 * past it is only what a crafted agent adds, and no pattern is run on it, so classifying one
 * costs the same however long the header (docs/decisions/0059-linear-patterns-on-outside-input.md).
 */
export const CLASSIFIED_LENGTH = 512;

export function classifiedPart(userAgent: string): string {
  return userAgent.slice(0, CLASSIFIED_LENGTH);
}
