import { CalendarUnavailableError } from '../booking-types';

/**
 * How long one request to the calendar may take. A booking waits on the live check, so a
 * calendar that hangs is answered as unavailable within seconds rather than holding the
 * visitor.
 */
export const DEFAULT_CALDAV_TIMEOUT_MS = 5000;

/** The calendar collection's URL without its credentials, and the headers that carry them. */
export type CaldavConnection = {
  /** The collection, ending in `/`; holds no password, so it may be logged. */
  collectionUrl: string;
  headers: { authorization: string };
  timeoutMs: number;
};

/** Splits CALDAV_URL: fetch refuses a URL with credentials, and a log must never see them. */
export function connectionFor(
  caldavUrl: string,
  timeoutMs = DEFAULT_CALDAV_TIMEOUT_MS,
): CaldavConnection {
  const url = new URL(caldavUrl);
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = '';
  url.password = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return {
    collectionUrl: url.href,
    headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` },
    timeoutMs,
  };
}

/** Why a request to the calendar failed, in a line that names no credential. */
export function unavailable(error: unknown, timeoutMs: number): CalendarUnavailableError {
  if (error instanceof CalendarUnavailableError) return error;
  const name = error instanceof Error ? error.name : '';
  const reason =
    name === 'TimeoutError' || name === 'AbortError'
      ? `no answer within ${timeoutMs} ms`
      : error instanceof Error
        ? // tsdav appends the server's whole answer: its status line is enough.
          (error.message.split('. Raw response')[0] ?? error.message).slice(0, 200)
        : String(error);
  return new CalendarUnavailableError(reason, { cause: error });
}
