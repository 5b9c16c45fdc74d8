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

/** The session token from a Cookie header; null when there is none. */
export function readSessionToken(cookieHeader: string | null, isHttps: boolean): string | null {
  if (cookieHeader === null) return null;
  const name = sessionCookieName(isHttps);
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}
