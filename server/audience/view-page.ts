import { createValueCap } from './value-cap';
import { arrivalOf, cleanValue } from './visit-source';

/** Every 404 is one page: a scan of a million made-up paths is one row of the roll-ups. */
const NOT_FOUND_PATH = 'not-found';

/** What a view's row keeps of its request: the page, and where the visit came from. */
export type ViewPage = {
  path: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
};

export type PageRequest = {
  target: string;
  status: number;
  referer: string | undefined;
  isPrivate: boolean;
};

/**
 * Reads a request as its row keeps it: the path without its query, and the arrival from the
 * referrer's domain and the four attribution parameters only (visit-source.ts). Anything else
 * in the query or the referrer never reaches a row, so it cannot split a visitor's repeated
 * views into rows of their own either. Values past the day's cap are `other` (value-cap.ts).
 */
export function createPageReader(ownHost: string): (day: string, request: PageRequest) => ViewPage {
  const cap = createValueCap();
  return (day, { target, status, referer, isPrivate }) => {
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    // Under Global Privacy Control the arrival is not read at all.
    const arrival = isPrivate
      ? { source: null, medium: null, campaign: null }
      : arrivalOf(query === -1 ? '' : target.slice(query), referer, ownHost);
    return {
      path: cap(day, 'path', status === 404 ? NOT_FOUND_PATH : (cleanValue(path) ?? '/')) ?? '/',
      source: cap(day, 'source', arrival.source),
      medium: cap(day, 'medium', arrival.medium),
      campaign: cap(day, 'campaign', arrival.campaign),
    };
  };
}
