import { createHmac, randomBytes } from 'node:crypto';

/** A new day's salt: 32 random bytes, as base64url. */
export function createDaySalt(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The visitor of a day: HMAC-SHA-256 keyed by the day's salt over the address and the user
 * agent. Once the salt is deleted, no one (the operator included) can tell whose it was, nor
 * link it to the same person's hash of another day.
 */
export function hashVisitor(salt: string, address: string, userAgent: string): string {
  return createHmac('sha256', salt)
    .update(address)
    .update('\n')
    .update(userAgent)
    .digest('base64url');
}

/** `YYYY-MM-DD` of the UTC day `at` falls in. */
export function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** utcDay for many moments in a row: each day's bounds are worked out once, not every moment. */
export function createUtcDays(): (at: number) => string {
  let start = 0;
  let end = 0;
  let day = '';
  return (at) => {
    if (at < start || at >= end) {
      start = at - (at % DAY_MS);
      end = start + DAY_MS;
      day = utcDay(at);
    }
    return day;
  };
}
