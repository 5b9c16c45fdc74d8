import { expect, it } from 'vitest';
import { createStudioFormat } from '../../../common/studio-format';
import { describeEachStore, newEnquiry } from '../../../tests/server/helpers/store-fixtures';
import { startMorningDigest } from '../../leads/start-morning-digest';
import { composeLeadDigestEmail } from '../../mail/compose-lead-digest-email';
import type { Store } from '../store';
import type { LeadDigest } from './lead-types';

const ANA = 'ana@emberandink.example';
const ZONE = 'America/New_York';
/**
 * 08:00 in New York on 4 March 2026 (EST, UTC-5: daylight saving starts on the 8th). In the
 * past, so the outbox, which reads the real clock, finds the digests it queued due.
 */
const DIGEST_MORNING = Date.parse('2026-03-04T13:00:00.000Z');
const HALF_HOUR_MS = 30 * 60 * 1000;
const quietLog = () => undefined;

/** Books a 30-minute call at `start` on `day`, the studio's date for it in New York. */
async function book(store: Store, name: string, start: string, day: string) {
  const startAt = new Date(start);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  const email = `${name.toLowerCase()}@example.com`;
  const result = await store.bookings.book({
    start: startAt,
    end,
    blockedUntil: end,
    day,
    maxPerDay: 8,
    lead: newEnquiry({ message: { ...newEnquiry().message, name, email } }),
    name,
    email,
    note: '',
  });
  if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
  return result.booking;
}

/** Runs the digest's schedule on a clock stopped at 08:00 in New York, until it has queued. */
async function runDigestMorning(store: Store): Promise<(LeadDigest & { jobId: string })[]> {
  let nudged: () => void = () => undefined;
  const queued = new Promise<void>((resolve) => {
    nudged = resolve;
  });
  const digest = startMorningDigest({
    leads: store.leads,
    timeZone: ZONE,
    log: quietLog,
    nudgeOutbox: nudged,
    now: () => DIGEST_MORNING,
  });
  await queued;
  await digest.stop();
  const jobs = await store.claimDueEmails(100, 60_000);
  return jobs.flatMap((job) =>
    job.kind === 'lead-digest' ? [{ ...job.digest, jobId: job.id }] : [],
  );
}

describeEachStore("the morning digest's calls", (subject) => {
  it("lists each owner's calls of the studio's day, in its zone, with a link to the lead", async () => {
    const { store } = subject;
    await store.auth.createStaff(ANA, new Date());
    // 22:00 on the 4th in New York, though the 5th in UTC: the studio's day counts.
    const late = await book(store, 'Bea', '2026-03-05T03:00:00.000Z', '2026-03-04');
    const early = await book(store, 'Ann', '2026-03-04T14:30:00.000Z', '2026-03-04');
    await store.leads.changeLead(early.enquiryId, { owner: ANA }, new Date());
    await store.leads.changeLead(late.enquiryId, { owner: ANA }, new Date());
    const cancelled = await book(store, 'Cy', '2026-03-04T16:00:00.000Z', '2026-03-04');
    await store.bookings.cancel(cancelled.id, null);
    await book(store, 'Dee', '2026-03-05T15:00:00.000Z', '2026-03-05');
    const nobodys = await book(store, 'Eve', '2026-03-04T18:00:00.000Z', '2026-03-04');

    const digests = await runDigestMorning(store);
    const byOwner = new Map(digests.map((digest) => [digest.owner, digest]));
    expect([...byOwner.keys()].sort()).toEqual([ANA, null]);
    expect(byOwner.get(null)?.calls.map((call) => call.enquiryId)).toEqual([nobodys.enquiryId]);

    const anas = byOwner.get(ANA);
    if (anas === undefined) throw new Error("expected Ana's digest");
    expect(anas.day).toBe('2026-03-04');
    const email = composeLeadDigestEmail(anas.jobId, anas, {
      from: 'website@emberandink.example',
      to: 'studio@emberandink.example',
      siteOrigin: 'https://emberandink.example',
      sentAt: new Date(DIGEST_MORNING),
      format: createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: ZONE }),
      timeZone: ZONE,
    });
    expect(email?.subject).toMatch(/^Your leads on 4 Mar 2026: .*, 2 calls$/);
    const text = email?.text ?? '';
    const calls = text.slice(text.indexOf('Calls today (America/New_York time)'));
    expect(calls.split('\n')).toEqual([
      'Calls today (America/New_York time)',
      '- 09:30–10:00 Ann',
      `  https://emberandink.example/studio?view=enquiry&id=${early.enquiryId}`,
      '- 22:00–22:30 Bea',
      `  https://emberandink.example/studio?view=enquiry&id=${late.enquiryId}`,
      '',
    ]);
    expect(email?.html).toContain('09:30–10:00 Ann</a>');
  });

  it("lists a call booked on an open lead in its owner's digest, linked to that lead", async () => {
    const { store } = subject;
    await store.auth.createStaff(ANA, new Date());
    const lead = await store.saveEnquiry(
      newEnquiry({ message: { ...newEnquiry().message, name: 'Fay', email: 'fay@example.com' } }),
    );
    if (lead.kind !== 'created') throw new Error('expected an enquiry');
    await store.leads.changeLead(lead.id, { owner: ANA }, new Date());
    await book(store, 'Fay', '2026-03-04T15:00:00.000Z', '2026-03-04');

    const digests = await runDigestMorning(store);
    const calls = digests.map((digest) => [
      digest.owner,
      digest.calls.map((call) => call.enquiryId),
    ]);
    expect(calls.filter(([, ids]) => ids?.length !== 0)).toEqual([[ANA, [lead.id]]]);
  });
});
