import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './bounded-cache';

describe('bounded cache', () => {
  it('keeps the most recently read values within its byte budget', () => {
    const cache = createBoundedCache<Buffer>(10, (value) => value.length);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    expect(cache.get('a')).toBeDefined();
    cache.set('c', Buffer.alloc(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes()).toBe(8);
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes()).toBe(8);
  });
});
