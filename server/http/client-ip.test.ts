import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';
import { createProxyTrust, parseAddressRange, type AddressRange } from './trusted-proxies';

function proxies(trustProxy: number, ranges: string[] = []) {
  const parsed = ranges.map(parseAddressRange).filter((range): range is AddressRange => !!range);
  return { trustProxy, isTrustedProxy: createProxyTrust(parsed) };
}

describe('clientIp', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientIp('127.0.0.1', '203.0.113.9', proxies(0))).toBe('127.0.0.1');
  });

  it('takes the N-th address from the right when the connection comes from loopback', () => {
    expect(clientIp('127.0.0.1', '1.1.1.1, 203.0.113.9', proxies(1))).toBe('203.0.113.9');
    expect(clientIp('::1', '1.1.1.1, 203.0.113.9, 10.0.0.2', proxies(2))).toBe('203.0.113.9');
    expect(clientIp('::ffff:127.0.0.1', '203.0.113.9', proxies(1))).toBe('203.0.113.9');
  });

  it('counts a direct client by its own address, whatever X-Forwarded-For it sends', () => {
    expect(clientIp('198.51.100.20', '203.0.113.9', proxies(1))).toBe('198.51.100.20');
    expect(clientIp('::ffff:198.51.100.20', '203.0.113.9', proxies(1))).toBe('198.51.100.20');
    expect(clientIp('2001:db8::20', '203.0.113.9', proxies(1, ['10.0.0.0/8']))).toBe(
      '2001:db8::20',
    );
  });

  it('believes the proxies listed in TRUSTED_PROXIES, addresses and ranges of both families', () => {
    const trusted = proxies(1, ['10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
    expect(clientIp('10.20.30.40', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientIp('fd12:3456::1', '2001:db8::9', trusted)).toBe('2001:db8::9');
    expect(clientIp('192.0.2.7', '203.0.113.9', trusted)).toBe('203.0.113.9');
    expect(clientIp('192.0.2.8', '203.0.113.9', trusted)).toBe('192.0.2.8');
    expect(clientIp('11.0.0.1', '203.0.113.9', trusted)).toBe('11.0.0.1');
  });

  it('answers the same for an address asked again, after thousands of others', () => {
    const isTrusted = createProxyTrust([parseAddressRange('10.0.0.0/8') as AddressRange]);
    expect([isTrusted('10.0.0.1'), isTrusted('11.0.0.1')]).toEqual([true, false]);
    for (let host = 0; host < 2_500; host += 1) {
      expect(isTrusted(`10.1.${host >> 8}.${host & 255}`)).toBe(true);
      expect(isTrusted(`11.1.${host >> 8}.${host & 255}`)).toBe(false);
    }
    expect([isTrusted('10.0.0.1'), isTrusted('11.0.0.1')]).toEqual([true, false]);
  });

  it('uses the leftmost entry when there are fewer hops than trusted proxies', () => {
    expect(clientIp('127.0.0.1', '203.0.113.9', proxies(3))).toBe('203.0.113.9');
  });

  it('falls back to the socket when the header is missing, empty or not an address', () => {
    expect(clientIp('127.0.0.1', null, proxies(1))).toBe('127.0.0.1');
    expect(clientIp('127.0.0.1', ' , ', proxies(1))).toBe('127.0.0.1');
    expect(clientIp('127.0.0.1', `${'x'.repeat(5000)}`, proxies(1))).toBe('127.0.0.1');
    expect(clientIp('127.0.0.1', '[2001:db8::1]', proxies(1))).toBe('2001:db8::1');
  });
});

describe('parseAddressRange', () => {
  it('reads addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseAddressRange('10.0.0.0/8')).toEqual({
      address: '10.0.0.0',
      prefix: 8,
      family: 'ipv4',
    });
    expect(parseAddressRange('FD00::/8')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseAddressRange('192.0.2.7')).toEqual({
      address: '192.0.2.7',
      prefix: 32,
      family: 'ipv4',
    });
    for (const bad of [
      '10.0.0.0/33',
      'fd00::/129',
      'proxy.local',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      '',
    ]) {
      expect(parseAddressRange(bad), bad).toBeNull();
    }
  });
});
