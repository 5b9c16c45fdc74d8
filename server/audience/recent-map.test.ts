import { describe, expect, it } from 'vitest';
import { createRecentMap } from './recent-map';

const MINUTE = 60_000;

function clock(start = 10 * MINUTE) {
  let at = start;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('a recent map', () => {
  it('forgets the key set longest ago once full, never the one just used', () => {
    const { now, pass } = clock();
    const recent = createRecentMap<number>({ capacity: 3, maxAgeMs: MINUTE, now });
    recent.set('a', 1);
    pass(1);
    recent.set('b', 1);
    pass(1);
    recent.set('c', 1);
    pass(1);
    recent.set('a', 2);
    pass(1);
    recent.set('d', 1);
    expect(recent.size).toBe(3);
    expect(recent.get('b')).toBeUndefined();
    expect([recent.get('a'), recent.get('c'), recent.get('d')]).toEqual([2, 1, 1]);
  });

  it('forgets a key its age after it was last set, and holds nothing stale', () => {
    const { now, pass } = clock();
    const recent = createRecentMap<string>({ capacity: 100, maxAgeMs: MINUTE, now });
    recent.set('old', 'x');
    pass(MINUTE - 1);
    expect(recent.get('old')).toBe('x');
    pass(1);
    expect(recent.get('old')).toBeUndefined();
    recent.set('new', 'y');
    expect(recent.size).toBe(1);
  });
});
