import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { describeEachStore, saveEnquiries } from '../../../tests/server/helpers/store-fixtures';

describeEachStore('the outbox repository', (subject) => {
  it('never hands the same email to two concurrent claimers', async () => {
    const ids = await saveEnquiries(subject.store, 8);
    const other = await subject.fixture.rival(subject.store);
    const [a, b] = await Promise.all([
      subject.store.claimDueEmails(5, 60_000),
      other.claimDueEmails(5, 60_000),
    ]);
    const claimedA = a.map((job) => job.enquiry?.id);
    const claimedB = b.map((job) => job.enquiry?.id);
    expect(claimedA.filter((id) => claimedB.includes(id))).toEqual([]);
    expect(claimedA.length + claimedB.length).toBe(8);
    expect([...claimedA, ...claimedB].sort()).toEqual([...ids].sort());
  });

  it('keeps a leased email from other claimers until the lease runs out', async () => {
    const [id] = await saveEnquiries(subject.store, 1);
    expect(await subject.store.claimDueEmails(10, 60_000)).toHaveLength(1);
    expect(await subject.store.claimDueEmails(10, 60_000)).toEqual([]);

    const [other] = await saveEnquiries(subject.store, 1);
    const shortLease = await subject.store.claimDueEmails(10, 50);
    expect(shortLease.map((job) => job.enquiry?.id)).toEqual([other]);
    await sleep(120);
    const reclaimed = await subject.store.claimDueEmails(10, 60_000);
    expect(reclaimed.map((job) => job.enquiry?.id)).toEqual([other]);
    expect(reclaimed.map((job) => job.enquiry?.id)).not.toContain(id);
  });

  it('reports how many emails wait and when the oldest was queued, sent or given-up ones gone', async () => {
    expect(await subject.store.readOutboxBacklog()).toEqual({ count: 0, oldestCreatedAt: null });
    const before = Date.now();
    await saveEnquiries(subject.store, 3);
    const backlog = await subject.store.readOutboxBacklog();
    expect(backlog.count).toBe(3);
    expect(backlog.oldestCreatedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(backlog.oldestCreatedAt?.getTime()).toBeLessThanOrEqual(Date.now());

    const [sent, givenUp, retried] = await subject.store.claimDueEmails(10, 60_000);
    if (sent === undefined || givenUp === undefined || retried === undefined) {
      throw new Error('expected three jobs');
    }
    await subject.store.markEmailSent(sent.id);
    await subject.store.markEmailFailed(givenUp.id, '550 no such user', null);
    await subject.store.markEmailFailed(retried.id, '451 later', new Date(Date.now() + 60_000));
    expect((await subject.store.readOutboxBacklog()).count).toBe(1);
  });

  it('marks an email sent and never hands it out again', async () => {
    const [id = ''] = await saveEnquiries(subject.store, 1);
    const [job] = await subject.store.claimDueEmails(10, 50);
    if (job === undefined) throw new Error('expected a job');
    await subject.store.markEmailSent(job.id);
    // A window: the 50 ms lease must run out, so a sent email that were handed out again would be.
    await sleep(100);
    expect(await subject.store.claimDueEmails(10, 60_000)).toEqual([]);
    const stored = await subject.store.getEnquiry(id);
    expect(stored?.delivery).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(stored?.delivery.sentAt).toBeInstanceOf(Date);
  });

  it('schedules a retry with the error recorded, and hands the email out when due', async () => {
    const [id = ''] = await saveEnquiries(subject.store, 1);
    const [job] = await subject.store.claimDueEmails(10, 60_000);
    if (job === undefined) throw new Error('expected a job');
    await subject.store.markEmailFailed(job.id, '451 try later', new Date(Date.now() + 60_000));
    expect(await subject.store.claimDueEmails(10, 60_000)).toEqual([]);
    expect((await subject.store.getEnquiry(id))?.delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: '451 try later',
    });

    const [again] = await subject.store.claimDueEmails(10, 60_000).then(async (none) => {
      expect(none).toEqual([]);
      await subject.store.markEmailFailed(job.id, '451 again', new Date(Date.now() - 1));
      return subject.store.claimDueEmails(10, 60_000);
    });
    expect(again).toMatchObject({ id: job.id, attempts: 2, enquiry: { id } });
  });

  it('fails an email for good, lists it as failed, and re-queues it on request', async () => {
    const [id = ''] = await saveEnquiries(subject.store, 1);
    await saveEnquiries(subject.store, 1);
    const jobs = await subject.store.claimDueEmails(10, 60_000);
    const job = jobs.find((candidate) => candidate.enquiry?.id === id);
    if (job === undefined) throw new Error('expected a job');
    await subject.store.markEmailFailed(job.id, '550 no such mailbox', null);

    expect((await subject.store.getEnquiry(id))?.delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: '550 no such mailbox',
    });
    expect((await subject.store.listEnquiries({ status: 'failed' })).map((row) => row.id)).toEqual([
      id,
    ]);

    expect(await subject.store.requeueEmail(id)).toBe(true);
    expect((await subject.store.getEnquiry(id))?.delivery.status).toBe('pending');
    const requeued = await subject.store.claimDueEmails(10, 60_000);
    expect(requeued.map((candidate) => candidate.enquiry?.id)).toEqual([id]);
    expect(await subject.store.requeueEmail(id)).toBe(false);
  });

  it('refuses to re-queue an email that is not failed or does not exist', async () => {
    const [id = ''] = await saveEnquiries(subject.store, 1);
    expect(await subject.store.requeueEmail(id)).toBe(false);
    expect(await subject.store.requeueEmail('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await subject.store.claimDueEmails(10, 60_000)).toHaveLength(1);
  });
});
