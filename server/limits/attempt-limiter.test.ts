import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteFixture, type StoreFixture } from '../../tests/server/helpers/store-fixtures';
import { limitSubjectOf } from '../http/ip-address';
import type { AttemptCounts } from '../store/limits/limit-repository';
import type { Store } from '../store/store';
import { createAttemptLimiter, type Budget } from './attempt-limiter';

const WINDOW_MS = 60_000;
const T0 = 1_800_000_000_000;

/** The store, counting the calls that reach it. */
function counted(store: Store): AttemptCounts & { calls: number } {
  const counts = {
    calls: 0,
    countAttempts: (...args: Parameters<Store['countAttempts']>) => {
      counts.calls += 1;
      return store.countAttempts(...args);
    },
    readAttempts: (...args: Parameters<Store['readAttempts']>) => {
      counts.calls += 1;
      return store.readAttempts(...args);
    },
    markRefused: (...args: Parameters<Store['markRefused']>) => {
      counts.calls += 1;
      return store.markRefused(...args);
    },
    giveBackAttempts: (...args: Parameters<Store['giveBackAttempts']>) => {
      counts.calls += 1;
      return store.giveBackAttempts(...args);
    },
  };
  return counts;
}

describe('the attempt limiter, over a real SQLite store', () => {
  let fixture: StoreFixture;
  let store: Store;
  let now: number;
  beforeEach(async () => {
    fixture = await createSqliteFixture();
    store = await fixture.open();
    now = T0 + 15_500;
  });
  afterEach(() => fixture.dispose());

  const limiterOn = (counts: AttemptCounts, capacity?: number) =>
    createAttemptLimiter({ counts, windowMs: WINDOW_MS, now: () => now, capacity });
  const posts = (subject: string): Budget[] => [{ name: 'contact', subject, max: 2 }];

  it('allows max attempts per window across instances, then says when to retry', async () => {
    const a = limiterOn(store);
    const b = limiterOn(store);
    expect((await a.take(posts('203.0.113.7'))).allowed).toBe(true);
    expect((await b.take(posts('203.0.113.7'))).allowed).toBe(true);
    expect(await a.take(posts('203.0.113.7'))).toEqual({
      allowed: false,
      retryAfterSeconds: 45,
      firstRefusals: ['contact'],
    });
    expect(await b.take(posts('203.0.113.7'))).toMatchObject({ allowed: false, firstRefusals: [] });
    expect((await b.take(posts('203.0.113.8'))).allowed).toBe(true);
    now = T0 + WINDOW_MS;
    expect((await a.take(posts('203.0.113.7'))).allowed).toBe(true);
  });

  it('answers a refused key from memory until its window ends, without a round trip', async () => {
    const counts = counted(store);
    const limiter = limiterOn(counts);
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.take(posts('198.51.100.1'));
    const callsWhenRefused = counts.calls;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await limiter.take(posts('198.51.100.1'))).allowed).toBe(false);
    }
    expect(counts.calls).toBe(callsWhenRefused);
  });

  it('takes from every budget or from none: a request refused by one adds nothing to the others', async () => {
    const limiter = limiterOn(store);
    const guess = (address: string): Budget[] => [
      { name: 'ip', subject: address, max: 2 },
      { name: 'account-all', subject: 'ann@studio.example', max: 100 },
    ];
    for (let attempt = 0; attempt < 10; attempt += 1) await limiter.take(guess('192.0.2.1'));
    const fresh = limiterOn(store);
    for (let attempt = 0; attempt < 10; attempt += 1) await fresh.take(guess('192.0.2.1'));
    const allowedElsewhere = await limiterOn(store).take([
      { name: 'account-all', subject: 'ann@studio.example', max: 3 },
    ]);
    // Two attempts were counted for the account; the 18 refused ones were not.
    expect(allowedElsewhere.allowed).toBe(true);
    expect(
      (
        await limiterOn(store).take([
          { name: 'account-all', subject: 'ann@studio.example', max: 3 },
        ])
      ).allowed,
    ).toBe(false);
  });

  it('lets exactly max through when many race for several budgets, and the losers take nothing', async () => {
    const budgets = (max: number): Budget[] => [
      { name: 'ip', subject: '192.0.2.99', max },
      { name: 'account-all', subject: 'bo@studio.example', max: 100 },
    ];
    const racers = [limiterOn(store), limiterOn(store)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => racers[index % 2]!.take(budgets(3))),
    );
    expect(results.filter((taken) => taken.allowed)).toHaveLength(3);
    // Only the three that passed count for the account: a ceiling of 4 has one attempt left.
    const account: Budget[] = [{ name: 'account-all', subject: 'bo@studio.example', max: 4 }];
    expect((await limiterOn(store).take(account)).allowed).toBe(true);
    expect((await limiterOn(store).take(account)).allowed).toBe(false);
  });

  it('gives an attempt back, so a success does not count', async () => {
    const limiter = limiterOn(store);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const taken = await limiter.take(posts('203.0.113.50'));
      if (!taken.allowed) throw new Error(`attempt ${attempt} refused`);
      await taken.giveBack();
    }
  });

  it('holds bounded memory under 100,000 distinct addresses, all refused', async () => {
    // A store that refuses every key: each one is then remembered, the most memory can cost.
    const refusing: AttemptCounts = {
      countAttempts: (ceilings) =>
        Promise.resolve(new Map(ceilings.map(({ key, max }) => [key, max + 1]))),
      readAttempts: () => Promise.resolve(new Map()),
      markRefused: () => Promise.resolve([]),
      giveBackAttempts: () => Promise.resolve(),
    };
    const limiter = limiterOn(refusing, 1_000);
    let refusals = 0;
    for (let index = 0; index < 100_000; index += 1) {
      const address = `2001:db8:${(index >> 16).toString(16)}:${(index & 0xffff).toString(16)}::1`;
      const taken = await limiter.take([
        { name: 'contact', subject: limitSubjectOf(address), max: 1 },
      ]);
      if (!taken.allowed) refusals += 1;
    }
    expect(refusals).toBe(100_000);
    expect(limiter.keysInMemory).toBe(1_000);
  });

  it('forgets nothing the store holds when memory drops a key, and the store rows expire', async () => {
    const limiter = limiterOn(store, 10);
    const budgets = Array.from({ length: 50 }, (_, index) => posts(`203.0.113.${index}`));
    for (const budget of budgets) for (let hit = 0; hit < 3; hit += 1) await limiter.take(budget);
    expect(limiter.keysInMemory).toBe(10);
    // The first address fell out of memory long ago; the shared count still refuses it.
    expect((await limiter.take(budgets[0]!)).allowed).toBe(false);
    expect(await store.purgeExpiredLimits(new Date(now))).toBe(0);
    expect(await store.purgeExpiredLimits(new Date(T0 + WINDOW_MS))).toBe(50);
  });
});
