import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { clientIp } from './client-ip';
import { createProxyTrust, type AddressRange } from './trusted-proxies';

/** Reads the client's address from a request: what the limits count and the records keep. */
export type ClientAddressReader = (c: Context) => string;

export function createClientAddressReader(settings: {
  trustProxy: number;
  trustedProxies: readonly AddressRange[];
}): ClientAddressReader {
  const proxies = {
    trustProxy: settings.trustProxy,
    isTrustedProxy: createProxyTrust(settings.trustedProxies),
  };
  return (c) =>
    clientIp(
      getConnInfo(c).remote.address ?? 'unknown',
      c.req.header('x-forwarded-for') ?? null,
      proxies,
    );
}
