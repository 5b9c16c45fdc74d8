import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './watch-published-site';

describe('the publish listener’s pause before reconnecting', () => {
  it('doubles from 250 ms to 10 s, of which a random half is dropped', () => {
    const lowest = () => 0;
    const highest = () => 1;
    expect([0, 1, 2, 3, 10].map((retries) => reconnectDelay(retries, lowest))).toEqual([
      125, 250, 500, 1_000, 5_000,
    ]);
    expect([0, 1, 2, 3, 10].map((retries) => reconnectDelay(retries, highest))).toEqual([
      250, 500, 1_000, 2_000, 10_000,
    ]);
  });
});
