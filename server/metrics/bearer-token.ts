import { createHash, timingSafeEqual } from 'node:crypto';

const BEARER = /^bearer +(\S+) *$/i;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * True when the Authorization header is `Bearer <token>` (the scheme in any case). The tokens
 * are hashed first so the comparison runs over equal lengths in constant time and leaks neither
 * the token nor its length.
 */
export function createBearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const presented = BEARER.exec(authorization ?? '')?.[1];
    return presented !== undefined && timingSafeEqual(digest(presented), expected);
  };
}
