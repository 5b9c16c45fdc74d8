import { expect, it } from 'vitest';
import { describeEachStore } from '../../tests/server/helpers/store-fixtures';

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
