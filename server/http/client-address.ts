import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { clientIp, type ProxySettings } from './client-ip';
import { createProxyTrust, type AddressRange } from './trusted-proxies';

/** Reads the client's address from a request: what the limits count and the records keep. */
export type ClientAddressReader = (c: Context) => string;

type ProxyConfig = { trustProxy: number; trustedProxies: readonly AddressRange[] };

/** TRUST_PROXY and TRUSTED_PROXIES, ready for clientIp. */
export function createProxySettings(settings: ProxyConfig): ProxySettings {
  return {
    trustProxy: settings.trustProxy,
    isTrustedProxy: createProxyTrust(settings.trustedProxies),
  };
}

export function createClientAddressReader(settings: ProxyConfig): ClientAddressReader {
  const proxies = createProxySettings(settings);
  return (c) =>
    clientIp(
      getConnInfo(c).remote.address ?? 'unknown',
      c.req.header('x-forwarded-for') ?? null,
      proxies,
    );
}
