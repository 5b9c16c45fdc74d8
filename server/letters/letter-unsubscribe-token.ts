import { createHmac, timingSafeEqual } from 'node:crypto';

/** A subscriber's id (a UUID), a dot, and 32 URL-safe characters of MAC (192 bits). */
const LETTER_TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/;

/** The key a letter's unsubscribe links are signed with, from the server's secret. */
export function deriveLetterLinkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('letter-unsubscribe-key').digest();
}

function macOf(key: Buffer, subscriberId: string): string {
  return createHmac('sha256', key)
    .update(`letter-unsubscribe\0${subscriberId}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url');
}

/**
 * The token of the unsubscribe link in every letter to this subscriber. The stored token is
 * only a hash, so a letter's link is signed instead: derived from the server's secret, never
 * written anywhere in clear, the same on every instance and in every letter.
 */
export function mintLetterUnsubscribeToken(key: Buffer, subscriberId: string): string {
  return `${subscriberId}.${macOf(key, subscriberId)}`;
}

/** The subscriber a letter's token names, or null for any token this server did not sign. */
export function readLetterUnsubscribeToken(key: Buffer, token: string): string | null {
  const match = LETTER_TOKEN.exec(token);
  if (match === null) return null;
  const [, subscriberId = '', mac = ''] = match;
  const expected = Buffer.from(macOf(key, subscriberId));
  const given = Buffer.from(mac);
  return timingSafeEqual(expected, given) ? subscriberId : null;
}
