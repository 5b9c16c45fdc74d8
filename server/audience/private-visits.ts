import { randomBytes } from 'node:crypto';
import { hashVisitor } from './visitor-hash';

/** Browsers under Global Privacy Control remembered per minute, about 100 bytes each. */
export const PRIVATE_BROWSERS_REMEMBERED = 10_000;

const MINUTE_MS = 60_000;

/**
 * `browser`: the same string for one address and user agent within one minute, to join their
 * views by; `isNewVisit`: false when that browser was already counted this minute.
 */
export type PrivateVisit = { browser: string; isNewVisit: boolean };

export type PrivateVisits = (address: string, userAgent: string, at: number) => PrivateVisit;

/**
 * Joins the views of a browser under Global Privacy Control within a minute of the clock, so a
 * reload or a flood of them is one visit, not one each, while keeping its promise: nothing
 * that could recognise the browser is written or kept past the minute. It is known by an HMAC
 * under a random key of the minute, held in this process's memory only; key and browsers are
 * forgotten when the next minute begins, and at the latest a minute after they were made
 * (an unreferenced timer), so a quiet site does not keep them. Past PRIVATE_BROWSERS_REMEMBERED
 * browsers, a new one is a visit at each view, as if never seen.
 */
export function createPrivateVisits(remembered = PRIVATE_BROWSERS_REMEMBERED): PrivateVisits {
  let minute = -1;
  let key = '';
  const counted = new Set<string>();
  let forgetting: NodeJS.Timeout | undefined;
  const forget = () => {
    minute = -1;
    key = '';
    counted.clear();
  };
  return (address, userAgent, at) => {
    const current = Math.floor(at / MINUTE_MS);
    if (current > minute) {
      forget();
      minute = current;
      key = randomBytes(32).toString('base64url');
      clearTimeout(forgetting);
      forgetting = setTimeout(forget, MINUTE_MS).unref();
    }
    const browser = hashVisitor(key, address, userAgent);
    const isNewVisit = !counted.has(browser);
    if (isNewVisit && counted.size < remembered) counted.add(browser);
    return { browser, isNewVisit };
  };
}
