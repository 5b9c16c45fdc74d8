import { describe, expect, it } from 'vitest';
import { createDaySalts } from './day-salts';

/** Day salts over a store that hands out `salt-of-<day>`, on a clock the test sets. */
function saltsAt(startIso: string) {
  let clock = Date.parse(startIso);
  const asked: string[] = [];
  const salts = createDaySalts(
    {
      readDaySalt: (day) => {
        asked.push(day);
        return Promise.resolve(`salt-of-${day}`);
      },
    },
    () => clock,
  );
  return {
    salts,
    asked,
    setClock: (iso: string) => {
      clock = Date.parse(iso);
    },
  };
}

describe('the day salts an instance reads', () => {
  it('asks the store once a day', async () => {
    const { salts, asked } = saltsAt('2026-11-26T08:00:00Z');
    expect(await salts.read('2026-11-26')).toBe('salt-of-2026-11-26');
    expect(await salts.read('2026-11-26')).toBe('salt-of-2026-11-26');
    expect(asked).toEqual(['2026-11-26']);
  });

  it('has no salt for a day that has ended, not even the one it still holds', async () => {
    const { salts, asked, setClock } = saltsAt('2026-11-26T23:59:59Z');
    expect(await salts.read('2026-11-26')).toBe('salt-of-2026-11-26');
    setClock('2026-11-27T00:00:00Z');
    expect(await salts.read('2026-11-26')).toBeNull();
    expect(await salts.read('2026-11-27')).toBe('salt-of-2026-11-27');
    expect(asked).toEqual(['2026-11-26', '2026-11-27']);
  });
});
