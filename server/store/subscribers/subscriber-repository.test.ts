import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';

describeEachStore('the subscriber repository', (subject) => {
  it('stores an address once whatever its case, keeping the first spelling', async () => {
    await subject.store.subscribe('Ann.Lee@Example.com');
    await subject.store.subscribe('ann.lee@example.COM');
    await subject.store.subscribe('bob@example.com');
    const subscribers = await subject.store.listSubscribers();
    expect(subscribers.map((subscriber) => subscriber.email)).toEqual([
      'Ann.Lee@Example.com',
      'bob@example.com',
    ]);
    expect(subscribers[0]?.createdAt).toBeInstanceOf(Date);
  });
});

describeEachStore('subscriber pages', (subject) => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  it('pages by sign-up time either way, each subscriber once, and counts the whole list', async () => {
    const { store } = subject;
    const start = Date.now() - 10 * DAY_MS;
    for (let day = 0; day < 5; day += 1) {
      await store.holdSubscription(`held${day}@example.com`, {
        now: new Date(start + day * DAY_MS),
      });
    }
    // Two sign-ups in the same millisecond: the id decides, and neither is skipped.
    const same = new Date(start + 5 * DAY_MS);
    await store.subscribe('twin1@example.com', { now: same });
    await store.subscribe('twin2@example.com', { now: same });

    const readAll = async (order: 'newest' | 'oldest'): Promise<string[]> => {
      const emails: string[] = [];
      let after = null;
      for (;;) {
        const page = await store.listSubscriberPage({ after, limit: 2, order });
        emails.push(...page.map((row) => row.email));
        const last = page.at(-1);
        if (page.length < 2 || last === undefined) return emails;
        after = { createdAt: last.createdAt, id: last.id };
      }
    };
    const oldest = await readAll('oldest');
    expect(oldest).toHaveLength(7);
    expect(new Set(oldest).size).toBe(7);
    expect(oldest.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((day) => `held${day}@example.com`));
    expect(await readAll('newest')).toEqual([...oldest].reverse());
    expect(await store.countSubscribers()).toEqual({
      held: 5,
      pending: 2,
      confirmed: 0,
      unsubscribed: 0,
      bounced: 0,
      complained: 0,
    });
    const confirmed = await store.listSubscriberPage({
      after: null,
      limit: 10,
      order: 'oldest',
      confirmedOnly: true,
    });
    expect(confirmed).toEqual([]);
  });
});
