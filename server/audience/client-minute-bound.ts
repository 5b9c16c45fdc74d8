/**
 * Views believed from one client a minute: a person reads a page or two a minute, an office
 * behind one address a few dozen. Past it the client's views are set aside as filtered.
 */
export const VIEWS_PER_CLIENT_MINUTE = 300;

/**
 * Clients counted per minute, about 100 bytes each. Past it a new client's views are let
 * through uncounted: memory stays bounded, and a sender that holds this many addresses could
 * spread its views under the bound anyway.
 */
export const CLIENTS_COUNTED = 20_000;

const MINUTE_MS = 60_000;

/** True while `subject` (limitSubjectOf: an address, an IPv6 /64) is within its bound at `at`. */
export type ClientMinuteBound = (subject: string, at: number) => boolean;

/**
 * How many views each client sent in the current minute of the clock, in this process's memory
 * only and forgotten when the minute ends. Per process, not shared: it bounds counts, it guards
 * nothing, so N instances let at most N times the bound through (decision 0061).
 */
export function createClientMinuteBound(
  options: { perMinute?: number; clients?: number } = {},
): ClientMinuteBound {
  const perMinute = options.perMinute ?? VIEWS_PER_CLIENT_MINUTE;
  const clients = options.clients ?? CLIENTS_COUNTED;
  let minute = -1;
  const views = new Map<string, number>();
  return (subject, at) => {
    const current = Math.floor(at / MINUTE_MS);
    if (current > minute) {
      minute = current;
      views.clear();
    }
    const sent = views.get(subject);
    if (sent === undefined) {
      if (views.size < clients) views.set(subject, 1);
      return true;
    }
    if (sent >= perMinute) return false;
    views.set(subject, sent + 1);
    return true;
  };
}
