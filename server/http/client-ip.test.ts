import { describe, expect, it } from 'vitest';
import { clientIp } from './client-ip';

describe('clientIp', () => {
  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientIp('10.0.0.1', '203.0.113.9', 0)).toBe('10.0.0.1');
  });

  it('takes the N-th address from the right', () => {
    expect(clientIp('10.0.0.1', '1.1.1.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(clientIp('10.0.0.1', '1.1.1.1, 203.0.113.9, 10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('uses the leftmost entry when there are fewer hops than trusted proxies', () => {
    expect(clientIp('10.0.0.1', '203.0.113.9', 3)).toBe('203.0.113.9');
  });

  it('falls back to the socket when the header is missing or empty', () => {
    expect(clientIp('10.0.0.1', null, 1)).toBe('10.0.0.1');
    expect(clientIp('10.0.0.1', ' , ', 1)).toBe('10.0.0.1');
  });
});
