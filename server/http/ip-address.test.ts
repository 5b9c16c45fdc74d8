import { describe, expect, it } from 'vitest';
import { limitSubjectOf, normaliseAddress } from './ip-address';

describe('limitSubjectOf', () => {
  it('counts an IPv4 client by its address, however it reached the socket', () => {
    expect(limitSubjectOf('203.0.113.9')).toBe('203.0.113.9');
    expect(limitSubjectOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitSubjectOf('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(limitSubjectOf('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 client by its /64, whatever the interface part', () => {
    const subjects = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:a:b:c:d'].map(
        limitSubjectOf,
      ),
    );
    expect([...subjects]).toEqual(['2001:db8:1:2::/64']);
    expect(limitSubjectOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitSubjectOf('::1')).toBe('0:0:0:0::/64');
    expect(limitSubjectOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitSubjectOf('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(limitSubjectOf('unknown')).toBe('unknown');
  });
});

describe('normaliseAddress', () => {
  it('unwraps IPv4-mapped addresses and drops a zone', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});
