import type { SiteContent } from '../../../common/site-content';
import type { SiteDraft } from '../api/types';

/**
 * A copy of the editor's unsaved edits in this tab's sessionStorage, so a crash, a reload or a
 * closed and reopened tab does not lose them. Only the studio's own tab holds it (never the
 * visitor's page), and only for the person who typed it.
 */
export type KeptEdits = {
  /** The draft the edits were made on: a later save names its revision, as any save does. */
  base: SiteDraft;
  content: SiteContent;
  keptAt: string;
};

const keyFor = (email: string) => `ember-studio:site-edits:${email}`;

function isKeptEdits(value: unknown): value is KeptEdits {
  if (typeof value !== 'object' || value === null) return false;
  const { base, content, keptAt } = value as Record<string, unknown>;
  return (
    typeof keptAt === 'string' &&
    typeof content === 'object' &&
    content !== null &&
    typeof base === 'object' &&
    base !== null &&
    typeof (base as Record<string, unknown>).revision === 'string'
  );
}

/** Storage can be full or switched off; the editor then works as it did without a copy. */
function withStorage<T>(work: (storage: Storage) => T, fallback: T): T {
  try {
    return work(window.sessionStorage);
  } catch {
    return fallback;
  }
}

export function readKeptEdits(email: string): KeptEdits | null {
  return withStorage((storage) => {
    const text = storage.getItem(keyFor(email));
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return isKeptEdits(value) ? value : null;
  }, null);
}

export function keepEdits(email: string, edits: KeptEdits): void {
  withStorage((storage) => storage.setItem(keyFor(email), JSON.stringify(edits)), undefined);
}

export function forgetKeptEdits(email: string): void {
  withStorage((storage) => storage.removeItem(keyFor(email)), undefined);
}
