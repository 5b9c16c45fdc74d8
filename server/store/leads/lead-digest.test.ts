import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createStudioFormat } from '../../../common/studio-format';
import { composeLeadDigestEmail } from '../../mail/compose-lead-digest-email';
import { describeEachStore, newEnquiry } from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';
import type { LeadDigest } from './lead-types';

const ANA = 'ana@emberandink.example';
const BO = 'bo@emberandink.example';
const TODAY = '2026-11-25';
/** How the studio writes it in its emails. */
const FORMAT = createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'UTC' });

async function enquiryFrom(store: Store, name: string): Promise<string> {
  const saved = await store.saveEnquiry(
    newEnquiry({ message: { ...newEnquiry().message, name, email: `${name}@example.com` } }),
  );
  if (saved.kind !== 'created') throw new Error('expected an enquiry');
  return saved.id;
}

/** Every enquiry so far has waited "more than a day" by this moment's measure. */
const moment = () => ({ day: TODAY, waitingBefore: new Date(Date.now() + 60_000) });

async function claimDigests(store: Store): Promise<(LeadDigest & { jobId: string })[]> {
  const jobs = await store.claimDueEmails(100, 60_000);
  return jobs.flatMap((job) =>
    job.kind === 'lead-digest' ? [{ ...job.digest, jobId: job.id }] : [],
  );
}

describeEachStore('the morning digest', (subject) => {
  async function leadsOfEveryKind(store: Store) {
    await store.auth.createStaff(ANA, new Date());
    await store.auth.createStaff(BO, new Date());
    const waitingForAna = await enquiryFrom(store, 'ann');
    await store.leads.changeLead(waitingForAna, { owner: ANA }, new Date());
    const dueForBo = await enquiryFrom(store, 'bea');
    await store.leads.changeLead(dueForBo, { owner: BO, followUpOn: TODAY }, new Date());
    await store.leads.queueReply(dueForBo, {
      id: randomUUID(),
      messageId: `<reply-${randomUUID()}@emberandink.example>`,
      rootMessageId: `<enquiry-${dueForBo}@emberandink.example>`,
      by: BO,
      fromName: 'Bo at Ember & Ink',
      text: 'Let us talk.',
      emailText: 'Let us talk.',
      cc: [],
      attachments: [],
      from: 'hello@emberandink.example',
      subject: 'Re: Your enquiry to Ember & Ink',
      replyTokenHash: null,
      now: new Date(),
    });
    const won = await enquiryFrom(store, 'cy');
    await store.leads.changeLead(won, { owner: ANA, stage: 'won' }, new Date());
    const later = await enquiryFrom(store, 'dee');
    await store.leads.changeLead(later, { owner: BO, followUpOn: '2026-11-26' }, new Date());
    await store.leads.queueReply(later, {
      id: randomUUID(),
      messageId: `<reply-${randomUUID()}@emberandink.example>`,
      rootMessageId: `<enquiry-${later}@emberandink.example>`,
      by: BO,
      fromName: 'Bo at Ember & Ink',
      text: 'Soon.',
      emailText: 'Soon.',
      cc: [],
      attachments: [],
      from: 'hello@emberandink.example',
      subject: 'Re: Your enquiry to Ember & Ink',
      replyTokenHash: null,
      now: new Date(),
    });
    const nobodys = await enquiryFrom(store, 'eve');
    const formerStaffs = await enquiryFrom(store, 'fay');
    await store.leads.changeLead(formerStaffs, { owner: 'gone@emberandink.example' }, new Date());
    return { waitingForAna, dueForBo, nobodys, formerStaffs };
  }

  it('queues one digest per owner: waiting leads and follow-ups due, once a day', async () => {
    const { store } = subject;
    const ids = await leadsOfEveryKind(store);
    const now = new Date();
    expect(await store.leads.queueMorningDigests(moment(), now)).toEqual(['', ANA, BO]);
    const digests = await claimDigests(store);
    const byOwner = new Map(digests.map((digest) => [digest.owner, digest]));
    // Nobody's leads go to each owner of the studio: Ana and Bo both are.
    expect(digests.map((digest) => [digest.owner, digest.to]).sort()).toEqual(
      [
        [null, ANA],
        [null, BO],
        [ANA, ANA],
        [BO, BO],
      ].sort(),
    );
    expect(byOwner.get(ANA)?.waiting.map((item) => item.enquiryId)).toEqual([ids.waitingForAna]);
    expect(byOwner.get(ANA)?.followUps).toEqual([]);
    expect(byOwner.get(BO)?.waiting).toEqual([]);
    expect(byOwner.get(BO)?.followUps.map((item) => [item.enquiryId, item.followUpOn])).toEqual([
      [ids.dueForBo, TODAY],
    ]);
    // Nobody's leads, and those of someone no longer on the staff, are listed together.
    expect(
      byOwner
        .get(null)
        ?.waiting.map((item) => item.enquiryId)
        .sort(),
    ).toEqual([ids.nobodys, ids.formerStaffs].sort());

    const email = composeLeadDigestEmail(byOwner.get(BO)?.jobId ?? '', byOwner.get(BO)!, {
      from: 'Ember & Ink <website@emberandink.example>',
      to: 'studio@emberandink.example',
      siteOrigin: 'https://emberandink.example',
      sentAt: now,
      format: FORMAT,
      timeZone: 'UTC',
    });
    expect(email?.to).toBe(BO);
    expect(email?.subject).toBe(
      `Your leads on 25 Nov 2026: 0 waiting for a reply, 1 follow-up due`,
    );
    expect(email?.text).toContain('bea (Brand Strategy): follow up on 25 Nov 2026');
    expect(email?.text).toContain(
      `https://emberandink.example/studio?view=enquiry&id=${ids.dueForBo}`,
    );

    // A second round the same day, on this instance or another, queues nothing.
    expect(await store.leads.queueMorningDigests(moment(), new Date())).toEqual([]);
    expect(await claimDigests(store)).toEqual([]);
    // The next day is a new one.
    expect(
      await store.leads.queueMorningDigests({ ...moment(), day: '2026-11-26' }, new Date()),
    ).toEqual(['', ANA, BO]);
  });

  it('says nothing when no lead waits and no follow-up is due', async () => {
    const { store } = subject;
    await store.auth.createStaff(ANA, new Date());
    const fresh = await enquiryFrom(store, 'ann');
    await store.leads.changeLead(fresh, { owner: ANA, followUpOn: '2026-11-30' }, new Date());
    const before = { day: TODAY, waitingBefore: new Date(Date.now() - 60_000) };
    expect(await store.leads.queueMorningDigests(before, new Date())).toEqual([]);
    expect(await claimDigests(store)).toEqual([]);
  });

  it('leaves out of a queued digest what was answered or forgotten before it was sent', async () => {
    const { store } = subject;
    await store.auth.createStaff(ANA, new Date());
    const id = await enquiryFrom(store, 'ann');
    await store.leads.changeLead(id, { owner: ANA }, new Date());
    expect(await store.leads.queueMorningDigests(moment(), new Date())).toEqual([ANA]);
    await store.forgetPerson('ann@example.com');
    const [digest] = await claimDigests(store);
    expect(digest?.waiting).toEqual([]);
    expect(
      composeLeadDigestEmail(digest?.jobId ?? '', digest!, {
        from: 'website@emberandink.example',
        to: 'studio@emberandink.example',
        siteOrigin: 'https://emberandink.example',
        sentAt: new Date(),
        format: FORMAT,
        timeZone: 'UTC',
      }),
    ).toBe(null);
  });

  it('queues each digest exactly once when instances race for the same morning', async () => {
    const { store, fixture } = subject;
    await leadsOfEveryKind(store);
    const rival = await fixture.rival(store);
    const rounds = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? store : rival).leads.queueMorningDigests(moment(), new Date()),
      ),
    );
    expect(rounds.flat().sort()).toEqual(['', ANA, BO]);
    expect((await claimDigests(store)).map((digest) => digest.owner ?? '').sort()).toEqual([
      '',
      '',
      ANA,
      BO,
    ]);
  });

  it('sends the leads nobody owns to each owner, not to members nor to the studio address', async () => {
    const { store } = subject;
    await store.auth.createStaff(ANA, new Date());
    await store.auth.createStaff(BO, new Date(), { name: 'Bo', role: 'member' });
    const nobodys = await enquiryFrom(store, 'eve');
    expect(await store.leads.queueMorningDigests(moment(), new Date())).toEqual(['']);
    const [digest, ...others] = await claimDigests(store);
    expect(others).toEqual([]);
    const email = composeLeadDigestEmail(digest?.jobId ?? '', digest!, {
      from: 'Ember & Ink <website@emberandink.example>',
      to: 'studio@emberandink.example',
      siteOrigin: 'https://emberandink.example',
      sentAt: new Date(),
      format: FORMAT,
      timeZone: 'UTC',
    });
    expect(email?.to).toBe(ANA);
    expect(email?.subject).toMatch(/^Leads nobody owns on 25 Nov 2026: 1 waiting for a reply/);
    expect(email?.text).toContain(`https://emberandink.example/studio?view=enquiry&id=${nobodys}`);
  });

  it('lists a person who wrote twice as their one lead, in the digest and in "Waiting for us"', async () => {
    const { store } = subject;
    await store.auth.createStaff(ANA, new Date());
    const lead = await enquiryFrom(store, 'ann');
    await store.leads.changeLead(lead, { owner: ANA }, new Date());
    const again = await enquiryFrom(store, 'ann');
    expect(again).not.toBe(lead);
    expect(await store.leads.queueMorningDigests(moment(), new Date())).toEqual([ANA]);
    const digests = await claimDigests(store);
    expect(digests.map((digest) => digest.waiting.map((item) => item.enquiryId))).toEqual([[lead]]);
    const waiting = await store.leads.listWaiting(10);
    expect(waiting.map((entry) => entry.enquiry.id)).toEqual([lead]);
  });
});
