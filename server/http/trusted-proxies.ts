import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { remembered } from '../remembered';
import { normaliseAddress } from './ip-address';

/** One entry of TRUSTED_PROXIES: an address, or a range in CIDR notation. */
export type AddressRange = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** `10.0.0.5`, `10.0.0.0/8`, `fd00::/8`; null for anything else. */
export function parseAddressRange(text: string): AddressRange | null {
  const [rawAddress = '', rawPrefix, ...extra] = text.trim().split('/');
  if (extra.length > 0) return null;
  const address = rawAddress.toLowerCase();
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (family === null) return null;
  const widest = family === 'ipv4' ? 32 : 128;
  if (rawPrefix === undefined) return { address, prefix: widest, family };
  const prefix = Number(rawPrefix);
  return /^\d{1,3}$/.test(rawPrefix) && prefix <= widest ? { address, prefix, family } : null;
}

/** A connection from loopback is always our own proxy: nothing else can open one. */
const LOOPBACK: readonly AddressRange[] = [
  { address: '127.0.0.0', prefix: 8, family: 'ipv4' },
  { address: '::1', prefix: 128, family: 'ipv6' },
];

/** Socket addresses whose answer is remembered; past it the memory starts over. */
const REMEMBERED = 1_000;

/**
 * Whether a connection from `socketAddress` comes from a proxy whose X-Forwarded-For we believe.
 * BlockList builds a SocketAddress for every check, a few microseconds each, and behind a proxy
 * every request comes from the same few sockets, so each address's answer is remembered (the
 * ranges never change while the process runs).
 */
export function createProxyTrust(
  ranges: readonly AddressRange[],
): (socketAddress: string) => boolean {
  const trusted = new BlockList();
  for (const range of [...LOOPBACK, ...ranges]) {
    trusted.addSubnet(range.address, range.prefix, range.family);
  }
  return remembered(
    (socketAddress) => {
      const address = normaliseAddress(socketAddress);
      if (isIPv4(address)) return trusted.check(address, 'ipv4');
      return isIPv6(address) && trusted.check(address, 'ipv6');
    },
    { limit: REMEMBERED },
  );
}
