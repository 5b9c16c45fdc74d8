import { isWellFormedToken } from './secret-token';

const PLAIN_NAME = 'studio_session';
/** `__Host-` makes the browser insist on Secure, Path=/ and no Domain: no subdomain can set it. */
const HOST_NAME = `__Host-${PLAIN_NAME}`;

export function sessionCookieName(isHttps: boolean): string {
  return isHttps ? HOST_NAME : PLAIN_NAME;
}

function attributes(isHttps: boolean): string {
  return `; Path=/; HttpOnly; SameSite=Strict${isHttps ? '; Secure' : ''}`;
}

/**
 * A session cookie without Max-Age: it ends with the browser, and the server ends it sooner
 * (idle and absolute expiry) whatever the browser keeps.
 */
export function serializeSessionCookie(token: string, isHttps: boolean): string {
  return `${sessionCookieName(isHttps)}=${token}${attributes(isHttps)}`;
}

export function clearSessionCookie(isHttps: boolean): string {
  return `${sessionCookieName(isHttps)}=${attributes(isHttps)}; Max-Age=0`;
}

/**
 * The session token from a Cookie header, or null when there is none. A request may carry the
 * name more than once (a cookie set for another path, or by a script): the first value that
 * could be a token is the one looked up, so however many there are, a request costs one
 * lookup. With none well formed, the first is returned, refused without a lookup and cleared.
 */
export function readSessionToken(cookieHeader: string | null, isHttps: boolean): string | null {
  if (cookieHeader === null) return null;
  const name = sessionCookieName(isHttps);
  let first: string | null = null;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    if (isWellFormedToken(value)) return value;
    first ??= value;
  }
  return first;
}
