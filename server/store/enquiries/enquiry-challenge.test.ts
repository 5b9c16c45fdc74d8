import { expect, it } from 'vitest';
import { describeEachStore, newEnquiry } from '../../../tests/server/helpers/store-fixtures';
import type { SaveEnquiryResult } from './enquiry-types';

const CLAIM = { nonce: 'nonce-1', expiresAt: new Date(Date.now() + 600_000) };

function createdOf(result: SaveEnquiryResult) {
  if (result.kind !== 'created') throw new Error(`expected created, got ${result.kind}`);
  return result;
}

describeEachStore('an enquiry spends its challenge in its own transaction', (subject) => {
  it('files one of two enquiries carrying the same solution, saved at once, as a replay', async () => {
    // On SQLite both join one group commit (same turn of the event loop), on PostgreSQL they
    // race on two pools: either way the nonce is spent once.
    const rival = await subject.fixture.rival(subject.store);
    const results = await Promise.all([
      subject.store.saveEnquiry(newEnquiry({ challenge: CLAIM })),
      rival.saveEnquiry(newEnquiry({ challenge: CLAIM })),
    ]);
    const created = results.map(createdOf);
    const real = created.filter((result) => !result.isSpam);
    const replays = created.filter((result) => result.isSpam);
    expect(real).toHaveLength(1);
    expect(replays).toMatchObject([{ isSpam: true, isSolutionReplayed: true }]);
    expect(real[0]?.isSolutionReplayed).toBe(false);

    const jobs = await subject.store.claimDueEmails(10, 60_000);
    expect(jobs.map((job) => job.enquiry?.id)).toEqual([real[0]?.id]);
    expect(await subject.store.getEnquiry(replays[0]?.id ?? '')).toMatchObject({
      isSpam: true,
      delivery: { status: 'spam' },
    });
  });

  it('files an enquiry whose solution was spent by a separate claim as spam', async () => {
    expect(await subject.store.claimChallenge(CLAIM.nonce, CLAIM.expiresAt)).toBe(true);
    const result = createdOf(await subject.store.saveEnquiry(newEnquiry({ challenge: CLAIM })));
    expect(result).toMatchObject({ isSpam: true, isSolutionReplayed: true });
    expect(await subject.store.claimDueEmails(10, 60_000)).toEqual([]);
  });

  it('answers a retry of a stored key with a fresh solution as replayed, storing nothing new', async () => {
    const idempotency = { key: 'key-1', bodyHash: 'hash-a' };
    const first = createdOf(
      await subject.store.saveEnquiry(newEnquiry({ idempotency, challenge: CLAIM })),
    );
    const fresh = { ...CLAIM, nonce: 'nonce-2' };
    const retry = await subject.store.saveEnquiry(newEnquiry({ idempotency, challenge: fresh }));
    expect(retry).toEqual({ kind: 'replayed', id: first.id });
    expect(await subject.store.listEnquiries()).toHaveLength(1);
    expect(await subject.store.claimDueEmails(10, 60_000)).toHaveLength(1);
  });

  it('spends nothing when the enquiry cannot be written (one transaction)', async () => {
    await subject.fixture.breakOutboxInserts();
    await expect(subject.store.saveEnquiry(newEnquiry({ challenge: CLAIM }))).rejects.toThrow(
      /outbox broken/,
    );
    expect(await subject.store.claimChallenge(CLAIM.nonce, CLAIM.expiresAt)).toBe(true);
  });
});
