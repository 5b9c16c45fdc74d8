import { createHash, randomBytes } from 'node:crypto';

/** 256 bits: well above the 128 that makes guessing hopeless. */
const TOKEN_BYTES = 32;

/** A random token for a cookie or a link; only its hash is ever stored. */
export function createSecretToken(): { token: string; hash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether a string could be one of our tokens; anything else is refused before a lookup. */
export function isWellFormedToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
