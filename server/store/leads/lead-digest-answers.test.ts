import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createStudioFormat } from '../../../common/studio-format';
import { composeLeadDigestEmail } from '../../mail/compose-lead-digest-email';
import { describeEachStore, newEnquiry } from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';
import type { IncomingMessage } from './import-message';
import type { LeadDigest } from './lead-types';

const ANA = 'ana@emberandink.example';
const CLIENT = 'ann@example.com';
const FORMAT = createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'UTC' });

/** The digest of `day`, queued at 08:00 UTC as the morning round does (STUDIO_TIME_ZONE UTC). */
function morningOf(day: string) {
  const at = new Date(`${day}T08:00:00.000Z`);
  vi.setSystemTime(at);
  return { moment: { day, waitingBefore: new Date(at.getTime() - 24 * 3_600_000) }, at };
}

/** An answer reaching the mailbox at `at`, the clock set to it. */
function answer(enquiryId: string, at: string, isVerified: boolean): IncomingMessage {
  vi.setSystemTime(new Date(at));
  return {
    messageId: `<${randomUUID()}@example.com>`,
    from: CLIENT,
    to: 'reply@emberandink.example',
    at: new Date(at),
    subject: 'Re: Your enquiry to Ember & Ink',
    text: `Written at ${at}.`,
    isTruncated: false,
    isVerified,
    attachments: [],
    answers: [],
    rootEnquiryIds: [enquiryId],
    replyTokenHashes: [],
    bookingIds: [],
    isAnswerToUs: false,
    calendarReply: null,
  };
}

/** The digests the outbox would send now, sent: the clock's next day must not lease them again. */
async function sendDigests(store: Store): Promise<(LeadDigest & { jobId: string })[]> {
  const jobs = await store.claimDueEmails(100, 60_000);
  for (const job of jobs) await store.markEmailSent(job.id);
  return jobs.flatMap((job) =>
    job.kind === 'lead-digest' ? [{ ...job.digest, jobId: job.id }] : [],
  );
}

describeEachStore("the morning digest's new answers", (subject) => {
  // Only the clock is controlled: the databases' own timers run as ever.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-02T09:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Ana's lead with Ann, answered by the studio, so it waits for nobody. */
  async function answeredLead(store: Store): Promise<string> {
    const ana = await store.auth.createStaff(ANA, new Date());
    if (ana === null) throw new Error('expected Ana');
    await store.auth.changeOwnProfile(ana.id, { notify: 'digest' });
    const saved = await store.saveEnquiry(
      newEnquiry({ message: { ...newEnquiry().message, name: 'Ann Lee', email: CLIENT } }),
    );
    if (saved.kind !== 'created') throw new Error('expected an enquiry');
    await store.leads.changeLead(saved.id, { owner: ANA }, new Date());
    await store.leads.queueReply(saved.id, {
      id: randomUUID(),
      messageId: `<reply-${randomUUID()}@emberandink.example>`,
      rootMessageId: `<enquiry-${saved.id}@emberandink.example>`,
      by: ANA,
      fromName: 'Ana at Ember & Ink',
      text: 'Let us talk.',
      emailText: 'Let us talk.',
      cc: [],
      attachments: [],
      from: 'hello@emberandink.example',
      subject: 'Re: Your enquiry to Ember & Ink',
      replyTokenHash: null,
      now: new Date(),
    });
    await sendDigests(store);
    return saved.id;
  }

  it('lists every answer since the last digest, verified or not, and says which', async () => {
    const { store } = subject;
    const lead = await answeredLead(store);
    await store.leads.importMessage(answer(lead, '2031-03-03T07:00:00.000Z', false));
    const first = morningOf('2031-03-03');
    expect(await store.leads.queueMorningDigests(first.moment, first.at)).toEqual([ANA]);
    const [firstDigest] = await sendDigests(store);
    expect(firstDigest?.answers.map((item) => item.at.toISOString())).toEqual([
      '2031-03-03T07:00:00.000Z',
    ]);

    await store.leads.importMessage(answer(lead, '2031-03-03T10:00:00.000Z', false));
    await store.leads.importMessage(answer(lead, '2031-03-03T15:00:00.000Z', true));
    const second = morningOf('2031-03-04');
    // Nothing else waits or is due: the answers alone bring Ana her digest.
    expect(await store.leads.queueMorningDigests(second.moment, second.at)).toEqual([ANA]);
    // Arriving after the digest was queued, it is the next digest's news.
    await store.leads.importMessage(answer(lead, '2031-03-04T08:30:00.000Z', false));
    const [secondDigest] = await sendDigests(store);
    expect(secondDigest?.waiting).toEqual([]);
    expect(
      secondDigest?.answers.map(({ enquiryId, at, isVerified }) => ({
        enquiryId,
        at: at.toISOString(),
        isVerified,
      })),
    ).toEqual([
      { enquiryId: lead, at: '2031-03-03T10:00:00.000Z', isVerified: false },
      { enquiryId: lead, at: '2031-03-03T15:00:00.000Z', isVerified: true },
    ]);

    const email = composeLeadDigestEmail(secondDigest?.jobId ?? '', secondDigest!, {
      from: 'website@emberandink.example',
      to: 'studio@emberandink.example',
      siteOrigin: 'https://emberandink.example',
      sentAt: second.at,
      format: FORMAT,
      timeZone: 'UTC',
    });
    expect(email?.to).toBe(ANA);
    expect(email?.subject).toBe(
      'Your leads on 4 Mar 2031: 0 waiting for a reply, 0 follow-ups due, 2 new answers',
    );
    expect(email?.text).toContain('New answers since the last digest (UTC time)');
    const lines = email?.text.split('\n').filter((line) => line.includes(' answered on '));
    expect(lines).toEqual([
      expect.stringMatching(
        /^- Ann Lee \(.+\) answered on .*10:00: unverified sender: nothing confirmed it came from ann@example\.com$/,
      ),
      expect.stringMatching(/^- Ann Lee \(.+\) answered on .*15:00: sender verified$/),
    ]);

    const third = morningOf('2031-03-05');
    expect(await store.leads.queueMorningDigests(third.moment, third.at)).toEqual([ANA]);
    const [thirdDigest] = await sendDigests(store);
    expect(thirdDigest?.answers.map((item) => item.at.toISOString())).toEqual([
      '2031-03-04T08:30:00.000Z',
    ]);
    // Told once: the next digest lists no answer again, though the verified one still waits.
    const fourth = morningOf('2031-03-06');
    expect(await store.leads.queueMorningDigests(fourth.moment, fourth.at)).toEqual([ANA]);
    const [fourthDigest] = await sendDigests(store);
    expect(fourthDigest?.answers).toEqual([]);
    expect(fourthDigest?.waiting.map((item) => item.enquiryId)).toEqual([lead]);
  });
});
