import { isIP } from 'node:net';
import { normaliseAddress } from './ip-address';

export type ProxySettings = {
  /** TRUST_PROXY: how many proxies in front of us each appended the address they saw. */
  trustProxy: number;
  /** Loopback and TRUSTED_PROXIES: only a connection from one of these carries a believed header. */
  isTrustedProxy: (socketAddress: string) => boolean;
};

/**
 * The client's address. X-Forwarded-For is read only when the connection itself comes from a
 * trusted proxy; a client that connects directly is its socket's address, whatever it sends.
 * With `trustProxy` = N, the N proxies nearest to us each appended the address they saw, so
 * the N-th entry from the right is the one our outermost proxy saw; entries further left are
 * whatever the client claimed. An entry that is not an IP address is not believed.
 */
export function clientIp(
  socketAddress: string,
  forwardedFor: string | null,
  proxies: ProxySettings,
): string {
  const socket = normaliseAddress(socketAddress);
  if (proxies.trustProxy === 0 || forwardedFor === null) return socket;
  if (!proxies.isTrustedProxy(socket)) return socket;
  const hops = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const claimed = hops[Math.max(0, hops.length - proxies.trustProxy)];
  if (claimed === undefined) return socket;
  const address = normaliseAddress(claimed.replace(/^\[(.*)\]$/, '$1'));
  return isIP(address) === 0 ? socket : address;
}
