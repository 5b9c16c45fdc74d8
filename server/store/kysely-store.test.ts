import { expect, it } from 'vitest';
import { describeEachStore, newEnquiry } from '../../tests/server/helpers/store-fixtures';
import { StoreUnavailableError } from './db/store-unavailable-error';

describeEachStore('the store', (subject) => {
  it('keeps data across a reopen', async () => {
    const result = await subject.store.saveEnquiry(newEnquiry());
    await subject.store.subscribe('ann@example.com');
    const reopened = await subject.fixture.open();
    if (result.kind !== 'created') throw new Error('expected created');
    expect((await reopened.getEnquiry(result.id))?.name).toBe('Ann Lee');
    expect(await reopened.listSubscribers()).toHaveLength(1);
    await expect(reopened.ping()).resolves.toBeUndefined();
  });

  it('answers every call after close as unavailable, so a late request gets a 503', async () => {
    await subject.store.close();
    await expect(subject.store.saveEnquiry(newEnquiry())).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(subject.store.subscribe('ann@example.com')).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(subject.store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
