import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const PLAIN_NAME = 'studio_device';
/** `__Host-`: only this origin, over HTTPS, can set it, as for the session cookie. */
const HOST_NAME = `__Host-${PLAIN_NAME}`;
/** A browser stays known this long after its last successful sign-in. */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** The key that signs device cookies, derived from the server's secret so every instance shares it. */
export function deriveDeviceKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('studio device cookie v1').digest();
}

const nameOf = (isHttps: boolean) => (isHttps ? HOST_NAME : PLAIN_NAME);

const macOf = (key: Buffer, account: string, nonce: string) =>
  createHmac('sha256', key).update(`${account}\n${nonce}`).digest();

/**
 * A "device cookie" (OWASP, Slow Down Online Guessing Attacks with Device Cookies): given to a
 * browser after a successful password sign-in, it names the account and a random id, signed.
 * A sign-in that brings one for its account is counted against that browser's own budget, so
 * strangers exhausting the account's budget do not lock its owner out (docs/decisions/0052).
 */
export function createDeviceCookies(options: { key: Buffer; isHttps: boolean }) {
  const { key, isHttps } = options;
  const name = nameOf(isHttps);
  return {
    /** A new cookie for `account`, for a Set-Cookie header. */
    issue(account: string): string {
      const nonce = randomBytes(16).toString('base64url');
      const value = `${nonce}.${macOf(key, account, nonce).toString('base64url')}`;
      return `${name}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${isHttps ? '; Secure' : ''}`;
    },
    /** The device id of a cookie this server signed for `account`; null for any other. */
    read(cookieHeader: string | null, account: string): string | null {
      if (cookieHeader === null) return null;
      for (const pair of cookieHeader.split(';')) {
        const separator = pair.indexOf('=');
        if (separator === -1 || pair.slice(0, separator).trim() !== name) continue;
        const [nonce = '', mac = ''] = pair
          .slice(separator + 1)
          .trim()
          .split('.');
        if (!/^[A-Za-z0-9_-]{22}$/.test(nonce) || !/^[A-Za-z0-9_-]{43}$/.test(mac)) return null;
        const expected = macOf(key, account, nonce);
        return timingSafeEqual(Buffer.from(mac, 'base64url'), expected) ? nonce : null;
      }
      return null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
