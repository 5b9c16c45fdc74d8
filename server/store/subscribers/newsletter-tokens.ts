import { createHash, randomBytes } from 'node:crypto';

/** How long a confirmation link works, and how long an unconfirmed address is kept. */
export const CONFIRM_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one confirmation email per address in this time, whatever is posted. */
export const CONFIRMATION_EMAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** 256 random bits, URL-safe. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the shape createToken makes is ever looked up. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN.test(token);
}

/** What the database keeps of a link's token: a leaked row confirms or unsubscribes nobody. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
