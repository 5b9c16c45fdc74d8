import { expect, it } from 'vitest';
import { INBOX_STATUSES } from '../../../common/studio-inbox';
import {
  describeEachStore,
  MESSAGE,
  newEnquiry,
} from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';

const EVERY_FOLDER = { statuses: INBOX_STATUSES, service: null, terms: [] };

function from(email: string, message = MESSAGE.message) {
  return newEnquiry({ message: { ...MESSAGE, email, message } });
}

async function save(store: Store, email: string, message?: string): Promise<string> {
  const result = await store.saveEnquiry(from(email, message));
  if (result.kind !== 'created') throw new Error(`expected created, got ${result.kind}`);
  return result.leadId;
}

/** A call on 2031-03-04 at `hour`:00 UTC, booked by `email`. */
async function book(store: Store, email: string, hour: number): Promise<string> {
  const start = new Date(Date.UTC(2031, 2, 4, hour));
  const end = new Date(start.getTime() + 30 * 60 * 1000);
  const result = await store.bookings.book({
    start,
    end,
    blockedUntil: end,
    day: '2031-03-04',
    maxPerDay: 8,
    lead: from(email, `A call at ${hour}:00.`),
    name: MESSAGE.name,
    email,
    note: '',
  });
  if (result.kind !== 'booked') throw new Error(`expected booked, got ${result.kind}`);
  return result.leadId;
}

describeEachStore('one person, one lead', (subject) => {
  it('files a second enquiry and a call of the same address under the open lead', async () => {
    const lead = await save(subject.store, 'jordan@Example.COM');
    expect(await save(subject.store, 'jordan@example.com', 'Also a website?')).toBe(lead);
    expect(await book(subject.store, 'jordan@EXAMPLE.com', 10)).toBe(lead);
    expect(await save(subject.store, 'Jordan@example.com')).not.toBe(lead);

    const listed = await subject.store.listInbox(EVERY_FOLDER, null, 10);
    expect(listed.map((enquiry) => enquiry.email).sort()).toEqual([
      'Jordan@example.com',
      'jordan@Example.COM',
    ]);
    expect((await subject.store.countInbox()).new).toBe(2);

    const opened = await subject.store.leads.openLead(lead);
    // A form proves nothing about who typed the address: neither entry is taken as verified.
    expect(
      opened?.thread.map(({ text, isVerified, isThroughTheSite }) => ({
        text,
        isVerified,
        isThroughTheSite,
      })),
    ).toEqual([
      { text: 'Also a website?', isVerified: false, isThroughTheSite: true },
      { text: 'A call at 10:00.', isVerified: false, isThroughTheSite: true },
    ]);
    const calls = await subject.store.bookings.listCallsOfLead(lead);
    expect(calls.map((call) => call.start.toISOString())).toEqual(['2031-03-04T10:00:00.000Z']);
  });

  it('lists every call of the lead, newest first, cancelled ones too', async () => {
    const lead = await book(subject.store, 'sam@example.com', 9);
    expect(await book(subject.store, 'sam@example.com', 11)).toBe(lead);
    const [second, first] = await subject.store.bookings.listCallsOfLead(lead);
    if (first === undefined || second === undefined) throw new Error('expected two calls');
    await subject.store.bookings.cancel(first.id, null);
    const calls = await subject.store.bookings.listCallsOfLead(lead);
    expect(calls.map((call) => [call.start.getUTCHours(), call.state])).toEqual([
      [11, 'confirmed'],
      [9, 'cancelled'],
    ]);
  });

  it('starts a new lead once the last is closed, and lists the closed one as earlier work', async () => {
    const won = await save(subject.store, 'maya@example.com');
    await subject.store.leads.changeLead(
      won,
      { stage: 'won', value: { minor: 480_000, currency: 'GBP' } },
      new Date(),
    );
    const lost = await save(subject.store, 'maya@example.com');
    expect(lost).not.toBe(won);
    await subject.store.leads.changeLead(lost, { stage: 'lost' }, new Date());
    const open = await book(subject.store, 'maya@example.com', 14);
    expect([won, lost]).not.toContain(open);

    const earlier = await subject.store.leads.listEarlierWork(open);
    expect(earlier.map(({ id, stage, value }) => ({ id, stage, value }))).toEqual([
      { id: lost, stage: 'lost', value: null },
      { id: won, stage: 'won', value: { amount: 4_800, currency: 'GBP' } },
    ]);
    expect(await subject.store.leads.listEarlierWork(won)).toEqual([
      expect.objectContaining({ id: lost }),
    ]);
  });

  it("writes a joined enquiry's acknowledgement into the lead's thread, saying what came, never what it said", async () => {
    await subject.store.settings.saveSettings({
      acknowledgement: { enabled: true, subject: 'Thanks, {firstName}', text: 'Dear {firstName},' },
      locale: 'en-GB',
      currency: 'GBP',
    });
    const sender = { address: 'hello@emberandink.example', messageDomain: 'emberandink.example' };
    const first = await subject.store.saveEnquiry({ ...from('ann@example.com'), sender });
    const second = await subject.store.saveEnquiry({ ...from('ann@example.com'), sender });
    if (first.kind !== 'created' || second.kind !== 'created') throw new Error('expected created');
    expect(second.leadId).toBe(first.id);
    const thread = (await subject.store.leads.openLead(first.id))?.thread ?? [];
    const acknowledgements = thread.filter((message) => message.isAcknowledgement);
    expect(acknowledgements.map(({ subject }) => subject)).toEqual([
      'Thanks, Ann',
      'Ember & Ink received a message with your address',
    ]);
    expect(acknowledgements[0]?.text).toBe('Dear Ann,');
    expect(acknowledgements[1]?.text).toContain("If you didn't, you can ignore this email");
    expect(acknowledgements[1]?.text).not.toContain(MESSAGE.message);
  });

  it('never joins spam, nor files anything under a lead that is spam', async () => {
    const spam = await subject.store.saveEnquiry(newEnquiry({ isSpam: true }));
    if (spam.kind !== 'created') throw new Error('expected created');
    expect(spam.leadId).toBe(spam.id);
    const real = await save(subject.store, MESSAGE.email);
    expect(real).not.toBe(spam.id);
  });

  it('gives one lead to the same person writing on several instances at once', async () => {
    const leads = await Promise.all(
      Array.from({ length: 6 }, () => save(subject.store, 'rush@example.com')),
    );
    expect(new Set(leads).size).toBe(1);
    expect(await subject.store.countInbox()).toMatchObject({ new: 1 });
  });
});
