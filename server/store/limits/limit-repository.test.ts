import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';

const START = new Date('2026-11-25T10:00:00.000Z');
const WINDOW = { start: START, expiresAt: new Date(START.getTime() + 60_000) };
const NEXT = {
  start: WINDOW.expiresAt,
  expiresAt: new Date(WINDOW.expiresAt.getTime() + 60_000),
};

describeEachStore('the shared limits', (subject) => {
  it('counts attempts per key and window, and stops writing once a key is past its max', async () => {
    const { store } = subject;
    const counts: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      counts.push((await store.countAttempts([{ key: 'a', max: 3 }], WINDOW)).get('a'));
    }
    // 4 = max + 1: the first refusal, recorded; then nothing is written at all.
    expect(counts).toEqual([1, 2, 3, 4, undefined]);
    expect(await store.readAttempts(['a', 'never'], START)).toEqual(new Map([['a', 4]]));
    expect((await store.countAttempts([{ key: 'a', max: 3 }], NEXT)).get('a')).toBe(1);
  });

  it('counts several keys in one call, each against its own max', async () => {
    const { store } = subject;
    await store.countAttempts([{ key: 'low', max: 1 }], WINDOW);
    const counted = await store.countAttempts(
      [
        { key: 'low', max: 1 },
        { key: 'high', max: 5 },
      ],
      WINDOW,
    );
    expect(counted).toEqual(
      new Map([
        ['low', 2],
        ['high', 1],
      ]),
    );
  });

  it('records the first refusal once, and gives attempts back without going below zero', async () => {
    const { store } = subject;
    await store.countAttempts([{ key: 'a', max: 2 }], WINDOW);
    await store.countAttempts([{ key: 'a', max: 2 }], WINDOW);
    expect(await store.markRefused([{ key: 'a', max: 2 }], START)).toEqual(['a']);
    expect(await store.markRefused([{ key: 'a', max: 2 }], START)).toEqual([]);
    expect(await store.readAttempts(['a'], START)).toEqual(new Map([['a', 3]]));
    await store.giveBackAttempts(['a'], START, 2);
    expect(await store.readAttempts(['a'], START)).toEqual(new Map([['a', 1]]));
    await store.giveBackAttempts(['a'], START, 2);
    expect(await store.readAttempts(['a'], START)).toEqual(new Map([['a', 0]]));
  });

  it('settles concurrent attempts from rival connections at exactly the max', async () => {
    const rival = await subject.fixture.rival(subject.store);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 === 0 ? subject.store : rival).countAttempts([{ key: 'race', max: 10 }], WINDOW),
      ),
    );
    const allowed = results.filter((counted) => (counted.get('race') ?? Infinity) <= 10);
    expect(allowed).toHaveLength(10);
    expect(results.filter((counted) => counted.get('race') === 11)).toHaveLength(1);
  });

  it('spends a challenge once, across connections and after a reopen', async () => {
    const expiresAt = new Date(Date.now() + 600_000);
    expect(await subject.store.claimChallenge('nonce-1', expiresAt)).toBe(true);
    const rival = await subject.fixture.rival(subject.store);
    expect(await rival.claimChallenge('nonce-1', expiresAt)).toBe(false);
    const reopened = await subject.fixture.open();
    expect(await reopened.claimChallenge('nonce-1', expiresAt)).toBe(false);
    expect(await reopened.claimChallenge('nonce-2', expiresAt)).toBe(true);
  });

  it('deletes counts and spent challenges once they expire, and nothing before', async () => {
    const { store } = subject;
    await store.countAttempts([{ key: 'old', max: 5 }], WINDOW);
    await store.countAttempts([{ key: 'new', max: 5 }], NEXT);
    await store.claimChallenge('old-nonce', WINDOW.expiresAt);
    await store.claimChallenge('new-nonce', NEXT.expiresAt);
    expect(await store.purgeExpiredLimits(new Date(WINDOW.expiresAt.getTime() - 1))).toBe(0);
    expect(await store.purgeExpiredLimits(WINDOW.expiresAt)).toBe(2);
    expect(await store.readAttempts(['old'], START)).toEqual(new Map());
    expect(await store.readAttempts(['new'], NEXT.start)).toEqual(new Map([['new', 1]]));
    expect(await store.claimChallenge('new-nonce', NEXT.expiresAt)).toBe(false);
  });
});
