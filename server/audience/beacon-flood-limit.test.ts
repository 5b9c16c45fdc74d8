import { describe, expect, it } from 'vitest';
import { createBeaconFloodLimit } from './beacon-flood-limit';

const MINUTE = 60_000;

function clock(start = 10 * MINUTE) {
  let at = start;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe('the beacon flood limit', () => {
  it('counts an IPv6 client by its /64, whichever address inside it sends', () => {
    const { now } = clock();
    const limit = createBeaconFloodLimit({ perMinute: 30, sendersTracked: 100, now });
    const floods = Array.from({ length: 100 }, (_, index) =>
      limit.isFlood(`2001:db8:4:64::${(index + 1).toString(16)}`),
    );
    expect(floods.filter((isFlood) => !isFlood)).toHaveLength(30);
    expect(limit.isFlood('2001:db8:4:65::1')).toBe(false);
  });

  it('believes the sender again in the next minute of the clock', () => {
    const { now, pass } = clock();
    const limit = createBeaconFloodLimit({ perMinute: 2, sendersTracked: 100, now });
    expect([1, 2, 3].map(() => limit.isFlood('198.51.100.1'))).toEqual([false, false, true]);
    pass(MINUTE);
    expect(limit.isFlood('198.51.100.1')).toBe(false);
  });

  it('keeps refusing a flood while more senders than it tracks come and go', () => {
    const { now } = clock();
    const limit = createBeaconFloodLimit({ perMinute: 2, sendersTracked: 10, now });
    for (let index = 0; index < 3; index += 1) limit.isFlood('2001:db8::1');
    for (let index = 0; index < 50; index += 1) {
      expect(limit.isFlood(`198.51.100.${index}`)).toBe(false);
      expect(limit.isFlood('2001:db8::2')).toBe(true);
    }
  });
});
