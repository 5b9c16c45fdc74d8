import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import {
  MESSAGE,
  describeEachStore,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';

describeEachStore('the enquiry repository', (subject) => {
  it('stores the enquiry with its details and queues one email', async () => {
    const before = Date.now();
    const result = await subject.store.saveEnquiry(newEnquiry());
    expect(result.kind).toBe('created');
    if (result.kind !== 'created') return;
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await subject.store.getEnquiry(result.id);
    expect(stored).toMatchObject({
      ...MESSAGE,
      id: result.id,
      isSpam: false,
      clientIp: '203.0.113.7',
      userAgent: 'Test Browser',
      delivery: { status: 'pending', attempts: 0, lastError: null, sentAt: null },
    });
    expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const jobs = await subject.store.claimDueEmails(10, 60_000);
    expect(jobs.map((job) => job.enquiry?.id)).toEqual([result.id]);
    expect(jobs[0]?.enquiry?.message).toBe(MESSAGE.message);
  });

  it('stores spam for the record, marked spam, with no email queued', async () => {
    const result = await subject.store.saveEnquiry(newEnquiry({ isSpam: true }));
    if (result.kind !== 'created') throw new Error('expected created');
    expect(await subject.store.getEnquiry(result.id)).toMatchObject({
      isSpam: true,
      delivery: { status: 'spam' },
    });
    expect(await subject.store.claimDueEmails(10, 60_000)).toEqual([]);
  });

  it('writes nothing when the outbox row cannot be written (one transaction)', async () => {
    await subject.fixture.breakOutboxInserts();
    await expect(subject.store.saveEnquiry(newEnquiry())).rejects.toThrow(/outbox broken/);
    expect(await subject.store.listEnquiries()).toEqual([]);
  });

  it('answers a repeated key and body with the original id and stores nothing new', async () => {
    const idempotency = { key: 'key-1', bodyHash: 'hash-a' };
    const first = await subject.store.saveEnquiry(newEnquiry({ idempotency }));
    const second = await subject.store.saveEnquiry(newEnquiry({ idempotency }));
    if (first.kind !== 'created') throw new Error('expected created');
    expect(second).toEqual({ kind: 'replayed', id: first.id });
    expect(await subject.store.listEnquiries()).toHaveLength(1);
    expect(await subject.store.claimDueEmails(10, 60_000)).toHaveLength(1);
  });

  it('reports a conflict when a key comes back with a different body', async () => {
    await subject.store.saveEnquiry(
      newEnquiry({ idempotency: { key: 'key-1', bodyHash: 'hash-a' } }),
    );
    const second = await subject.store.saveEnquiry(
      newEnquiry({
        message: { ...MESSAGE, message: 'Something else' },
        idempotency: { key: 'key-1', bodyHash: 'hash-b' },
      }),
    );
    expect(second).toEqual({ kind: 'conflict' });
    expect(await subject.store.listEnquiries()).toHaveLength(1);
  });

  it('creates one enquiry when identical requests race', async () => {
    const other = await subject.fixture.rival(subject.store);
    const idempotency = { key: 'race', bodyHash: 'same' };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 === 0 ? subject.store : other).saveEnquiry(newEnquiry({ idempotency })),
      ),
    );
    const created = results.filter((result) => result.kind === 'created');
    expect(created).toHaveLength(1);
    const id = created[0]?.kind === 'created' ? created[0].id : '';
    expect(results.filter((result) => result.kind === 'replayed')).toEqual(
      Array.from({ length: 11 }, () => ({ kind: 'replayed', id })),
    );
    expect(await subject.store.listEnquiries()).toHaveLength(1);
    expect(await subject.store.claimDueEmails(20, 60_000)).toHaveLength(1);
  });

  it('stores each of many enquiries saved at once, with its own id and email', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        subject.store.saveEnquiry(
          newEnquiry({ message: { ...MESSAGE, name: `Visitor ${index}` } }),
        ),
      ),
    );
    const ids = results.map((result) => (result.kind === 'created' ? result.id : result.kind));
    expect(new Set(ids).size).toBe(20);
    for (const [index, id] of ids.entries()) {
      expect((await subject.store.getEnquiry(id))?.name).toBe(`Visitor ${index}`);
    }
    expect(await subject.store.claimDueEmails(50, 60_000)).toHaveLength(20);
  });

  it('refuses every enquiry saved at once when the write fails, and stores none', async () => {
    await subject.fixture.breakOutboxInserts();
    const outcomes = await Promise.allSettled([
      subject.store.saveEnquiry(newEnquiry()),
      subject.store.saveEnquiry(newEnquiry({ idempotency: { key: 'key-1', bodyHash: 'hash-a' } })),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await subject.store.listEnquiries()).toEqual([]);
  });

  it('keeps enquiries without a key apart, even with identical bodies', async () => {
    await subject.store.saveEnquiry(newEnquiry());
    await subject.store.saveEnquiry(newEnquiry());
    expect(await subject.store.listEnquiries()).toHaveLength(2);
  });

  it('lists newest first, filters by status and honours the limit', async () => {
    const ids: string[] = [];
    for (const isSpam of [false, true, false]) {
      const result = await subject.store.saveEnquiry(newEnquiry({ isSpam }));
      if (result.kind === 'created') ids.push(result.id);
      await sleep(5);
    }
    const all = await subject.store.listEnquiries();
    expect(all.map((row) => row.id)).toEqual([...ids].reverse());
    expect((await subject.store.listEnquiries({ status: 'spam' })).map((row) => row.id)).toEqual([
      ids[1],
    ]);
    expect(
      (await subject.store.listEnquiries({ status: 'pending', limit: 1 })).map((row) => row.id),
    ).toEqual([ids[2]]);
  });

  it('returns null for an unknown id', async () => {
    expect(await subject.store.getEnquiry('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
