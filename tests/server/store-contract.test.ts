import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../common/contact';
import type { NewEnquiry, Store } from '../../server/store/store';
import { StoreUnavailableError } from '../../server/store/store';
import {
  createPostgresFixture,
  createSqliteFixture,
  readTestDatabaseUrl,
  type StoreBackend,
  type StoreFixture,
} from './helpers/store-fixtures';

const postgresUrl = readTestDatabaseUrl();

const backends: StoreBackend[] = [
  { name: 'SQLite', createFixture: createSqliteFixture },
  ...(postgresUrl === undefined
    ? []
    : [{ name: 'PostgreSQL', createFixture: () => createPostgresFixture(postgresUrl) }]),
];

const message: ContactMessage = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  service: 'Brand Strategy',
  message: 'We need a new identity.\nBudget: modest.',
};

function enquiry(overrides: Partial<NewEnquiry> = {}): NewEnquiry {
  return {
    message,
    isSpam: false,
    clientIp: '203.0.113.7',
    userAgent: 'Test Browser',
    idempotency: null,
    ...overrides,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe.each(backends)('$name store', ({ createFixture }) => {
  let fixture: StoreFixture;
  let store: Store;

  beforeEach(async () => {
    fixture = await createFixture();
    store = await fixture.open();
  });
  afterEach(() => fixture.dispose());

  describe('saving enquiries', () => {
    it('stores the enquiry with its details and queues one email', async () => {
      const before = Date.now();
      const result = await store.saveEnquiry(enquiry());
      expect(result.kind).toBe('created');
      if (result.kind !== 'created') return;
      expect(result.id).toMatch(/^[0-9a-f-]{36}$/);

      const stored = await store.getEnquiry(result.id);
      expect(stored).toMatchObject({
        ...message,
        id: result.id,
        isSpam: false,
        clientIp: '203.0.113.7',
        userAgent: 'Test Browser',
        delivery: { status: 'pending', attempts: 0, lastError: null, sentAt: null },
      });
      expect(stored?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(stored?.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

      const jobs = await store.claimDueEmails(10, 60_000);
      expect(jobs.map((job) => job.enquiry.id)).toEqual([result.id]);
      expect(jobs[0]?.enquiry.message).toBe(message.message);
    });

    it('stores spam for the record, marked spam, with no email queued', async () => {
      const result = await store.saveEnquiry(enquiry({ isSpam: true }));
      if (result.kind !== 'created') throw new Error('expected created');
      expect(await store.getEnquiry(result.id)).toMatchObject({
        isSpam: true,
        delivery: { status: 'spam' },
      });
      expect(await store.claimDueEmails(10, 60_000)).toEqual([]);
    });

    it('writes nothing when the outbox row cannot be written (one transaction)', async () => {
      await fixture.breakOutboxInserts();
      await expect(store.saveEnquiry(enquiry())).rejects.toThrow(/outbox broken/);
      expect(await store.listEnquiries()).toEqual([]);
    });

    it('answers a repeated key and body with the original id and stores nothing new', async () => {
      const idempotency = { key: 'key-1', bodyHash: 'hash-a' };
      const first = await store.saveEnquiry(enquiry({ idempotency }));
      const second = await store.saveEnquiry(enquiry({ idempotency }));
      if (first.kind !== 'created') throw new Error('expected created');
      expect(second).toEqual({ kind: 'replayed', id: first.id });
      expect(await store.listEnquiries()).toHaveLength(1);
      expect(await store.claimDueEmails(10, 60_000)).toHaveLength(1);
    });

    it('reports a conflict when a key comes back with a different body', async () => {
      await store.saveEnquiry(enquiry({ idempotency: { key: 'key-1', bodyHash: 'hash-a' } }));
      const second = await store.saveEnquiry(
        enquiry({
          message: { ...message, message: 'Something else' },
          idempotency: { key: 'key-1', bodyHash: 'hash-b' },
        }),
      );
      expect(second).toEqual({ kind: 'conflict' });
      expect(await store.listEnquiries()).toHaveLength(1);
    });

    it('creates one enquiry when identical requests race', async () => {
      const other = await fixture.rival(store);
      const idempotency = { key: 'race', bodyHash: 'same' };
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          (index % 2 === 0 ? store : other).saveEnquiry(enquiry({ idempotency })),
        ),
      );
      const created = results.filter((result) => result.kind === 'created');
      expect(created).toHaveLength(1);
      const id = created[0]?.kind === 'created' ? created[0].id : '';
      expect(results.filter((result) => result.kind === 'replayed')).toEqual(
        Array.from({ length: 11 }, () => ({ kind: 'replayed', id })),
      );
      expect(await store.listEnquiries()).toHaveLength(1);
      expect(await store.claimDueEmails(20, 60_000)).toHaveLength(1);
    });

    it('stores each of many enquiries saved at once, with its own id and email', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          store.saveEnquiry(enquiry({ message: { ...message, name: `Visitor ${index}` } })),
        ),
      );
      const ids = results.map((result) => (result.kind === 'created' ? result.id : result.kind));
      expect(new Set(ids).size).toBe(20);
      for (const [index, id] of ids.entries()) {
        expect((await store.getEnquiry(id))?.name).toBe(`Visitor ${index}`);
      }
      expect(await store.claimDueEmails(50, 60_000)).toHaveLength(20);
    });

    it('refuses every enquiry saved at once when the write fails, and stores none', async () => {
      await fixture.breakOutboxInserts();
      const outcomes = await Promise.allSettled([
        store.saveEnquiry(enquiry()),
        store.saveEnquiry(enquiry({ idempotency: { key: 'key-1', bodyHash: 'hash-a' } })),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
      expect(await store.listEnquiries()).toEqual([]);
    });

    it('keeps enquiries without a key apart, even with identical bodies', async () => {
      await store.saveEnquiry(enquiry());
      await store.saveEnquiry(enquiry());
      expect(await store.listEnquiries()).toHaveLength(2);
    });
  });

  describe('newsletter', () => {
    it('stores an address once whatever its case, keeping the first spelling', async () => {
      await store.subscribe('Ann.Lee@Example.com');
      await store.subscribe('ann.lee@example.COM');
      await store.subscribe('bob@example.com');
      const subscribers = await store.listSubscribers();
      expect(subscribers.map((subscriber) => subscriber.email)).toEqual([
        'Ann.Lee@Example.com',
        'bob@example.com',
      ]);
      expect(subscribers[0]?.createdAt).toBeInstanceOf(Date);
    });
  });

  describe('the outbox', () => {
    async function saveMany(count: number): Promise<string[]> {
      const ids: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const result = await store.saveEnquiry(enquiry());
        if (result.kind === 'created') ids.push(result.id);
      }
      return ids;
    }

    it('never hands the same email to two concurrent claimers', async () => {
      const ids = await saveMany(8);
      const other = await fixture.rival(store);
      const [a, b] = await Promise.all([
        store.claimDueEmails(5, 60_000),
        other.claimDueEmails(5, 60_000),
      ]);
      const claimedA = a.map((job) => job.enquiry.id);
      const claimedB = b.map((job) => job.enquiry.id);
      expect(claimedA.filter((id) => claimedB.includes(id))).toEqual([]);
      expect(claimedA.length + claimedB.length).toBe(8);
      expect([...claimedA, ...claimedB].sort()).toEqual([...ids].sort());
    });

    it('keeps a leased email from other claimers until the lease runs out', async () => {
      const [id] = await saveMany(1);
      expect(await store.claimDueEmails(10, 60_000)).toHaveLength(1);
      expect(await store.claimDueEmails(10, 60_000)).toEqual([]);

      const [other] = await saveMany(1);
      const shortLease = await store.claimDueEmails(10, 50);
      expect(shortLease.map((job) => job.enquiry.id)).toEqual([other]);
      await sleep(120);
      const reclaimed = await store.claimDueEmails(10, 60_000);
      expect(reclaimed.map((job) => job.enquiry.id)).toEqual([other]);
      expect(reclaimed.map((job) => job.enquiry.id)).not.toContain(id);
    });

    it('marks an email sent and never hands it out again', async () => {
      const [id = ''] = await saveMany(1);
      const [job] = await store.claimDueEmails(10, 50);
      if (job === undefined) throw new Error('expected a job');
      await store.markEmailSent(job.id);
      await sleep(100);
      expect(await store.claimDueEmails(10, 60_000)).toEqual([]);
      const stored = await store.getEnquiry(id);
      expect(stored?.delivery).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(stored?.delivery.sentAt).toBeInstanceOf(Date);
    });

    it('schedules a retry with the error recorded, and hands the email out when due', async () => {
      const [id = ''] = await saveMany(1);
      const [job] = await store.claimDueEmails(10, 60_000);
      if (job === undefined) throw new Error('expected a job');
      await store.markEmailFailed(job.id, '451 try later', new Date(Date.now() + 60_000));
      expect(await store.claimDueEmails(10, 60_000)).toEqual([]);
      expect((await store.getEnquiry(id))?.delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: '451 try later',
      });

      const [again] = await store.claimDueEmails(10, 60_000).then(async (none) => {
        expect(none).toEqual([]);
        await store.markEmailFailed(job.id, '451 again', new Date(Date.now() - 1));
        return store.claimDueEmails(10, 60_000);
      });
      expect(again).toMatchObject({ id: job.id, attempts: 2, enquiry: { id } });
    });

    it('fails an email for good, lists it as failed, and re-queues it on request', async () => {
      const [id = ''] = await saveMany(1);
      await saveMany(1);
      const jobs = await store.claimDueEmails(10, 60_000);
      const job = jobs.find((candidate) => candidate.enquiry.id === id);
      if (job === undefined) throw new Error('expected a job');
      await store.markEmailFailed(job.id, '550 no such mailbox', null);

      expect((await store.getEnquiry(id))?.delivery).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: '550 no such mailbox',
      });
      expect((await store.listEnquiries({ status: 'failed' })).map((row) => row.id)).toEqual([id]);

      expect(await store.requeueEmail(id)).toBe(true);
      expect((await store.getEnquiry(id))?.delivery.status).toBe('pending');
      const requeued = await store.claimDueEmails(10, 60_000);
      expect(requeued.map((candidate) => candidate.enquiry.id)).toEqual([id]);
      expect(await store.requeueEmail(id)).toBe(false);
    });

    it('refuses to re-queue an email that is not failed or does not exist', async () => {
      const [id = ''] = await saveMany(1);
      expect(await store.requeueEmail(id)).toBe(false);
      expect(await store.requeueEmail('00000000-0000-4000-8000-000000000000')).toBe(false);
      expect(await store.claimDueEmails(10, 60_000)).toHaveLength(1);
    });
  });

  describe('reading', () => {
    it('lists newest first, filters by status and honours the limit', async () => {
      const ids: string[] = [];
      for (const isSpam of [false, true, false]) {
        const result = await store.saveEnquiry(enquiry({ isSpam }));
        if (result.kind === 'created') ids.push(result.id);
        await sleep(5);
      }
      const all = await store.listEnquiries();
      expect(all.map((row) => row.id)).toEqual([...ids].reverse());
      expect((await store.listEnquiries({ status: 'spam' })).map((row) => row.id)).toEqual([
        ids[1],
      ]);
      expect(
        (await store.listEnquiries({ status: 'pending', limit: 1 })).map((row) => row.id),
      ).toEqual([ids[2]]);
    });

    it('returns null for an unknown id', async () => {
      expect(await store.getEnquiry('00000000-0000-4000-8000-000000000000')).toBeNull();
    });

    it('keeps data across a reopen', async () => {
      const result = await store.saveEnquiry(enquiry());
      await store.subscribe('ann@example.com');
      const reopened = await fixture.open();
      if (result.kind !== 'created') throw new Error('expected created');
      expect((await reopened.getEnquiry(result.id))?.name).toBe('Ann Lee');
      expect(await reopened.listSubscribers()).toHaveLength(1);
      await expect(reopened.ping()).resolves.toBeUndefined();
    });
  });

  describe('closing', () => {
    it('answers every call after close as unavailable, so a late request gets a 503', async () => {
      await store.close();
      await expect(store.saveEnquiry(enquiry())).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.subscribe('ann@example.com')).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });
});
