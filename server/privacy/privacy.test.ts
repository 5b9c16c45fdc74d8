import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addSubscribers } from '../../tests/server/helpers/letter-subscribers';
import { describeEachStore } from '../../tests/server/helpers/store-fixtures';
import { createDevMailbox } from '../mail/dev-mailbox';
import { startOutboxWorker } from '../mail/outbox-worker';
import { createRetrySchedule, DEFAULT_RETRY_SCHEDULE } from '../mail/retry-schedule';
import type { IncomingMessage } from '../store/leads/import-message';
import type { Store } from '../store/store';
import { mailboxDirectory, removeMailboxFiles } from './mailbox-files';
import { purgeExpired } from './purge-expired';

const DAY_MS = 24 * 60 * 60 * 1000;
const POLICY = { enquiryDays: 730, spamDays: 30, auditDays: 365, audienceRawDays: 31 };
const quietLog = { info: () => undefined, error: () => undefined };

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-privacy-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

async function enquire(store: Store, email: string, isSpam = false): Promise<string> {
  const result = await store.saveEnquiry({
    message: { name: 'Ann Lee', email, service: 'Brand Strategy', message: 'A new brand, please.' },
    isSpam,
    clientIp: '203.0.113.7',
    userAgent: null,
    idempotency: null,
  });
  if (result.kind !== 'created') throw new Error('expected a new enquiry');
  return result.id;
}

/** Sends everything queued into the real development mailbox, and returns its file names. */
async function deliverToMailbox(store: Store, expected: number): Promise<string[]> {
  const transport = createDevMailbox(dataDir, quietLog);
  const worker = startOutboxWorker({
    store,
    transport,
    schedule: createRetrySchedule(DEFAULT_RETRY_SCHEDULE),
    addresses: { to: 'hello@emberandink.example', from: 'website@emberandink.example' },
    siteOrigin: 'https://emberandink.example',
    pollIntervalMs: 20,
    log: quietLog,
  });
  await expect.poll(() => mailboxFiles(), { timeout: 10_000 }).toHaveLength(expected);
  await worker.stop();
  transport.close();
  return mailboxFiles();
}

const DOMAIN = 'emberandink.example';

/**
 * Gives the enquiry a lead's whole life: a note, a reply (its email queued), an answer with an
 * attachment; returns the attachment's id.
 */
async function workOnLead(store: Store, enquiryId: string, from: string): Promise<string> {
  await store.leads.addNote(enquiryId, { by: `ana@${DOMAIN}`, text: 'Call back', now: new Date() });
  const replyId = crypto.randomUUID();
  const messageId = `<reply-${replyId}@${DOMAIN}>`;
  await store.leads.queueReply(enquiryId, {
    id: replyId,
    messageId,
    rootMessageId: `<enquiry-${enquiryId}@${DOMAIN}>`,
    by: `ana@${DOMAIN}`,
    fromName: 'Ana at Ember & Ink',
    text: 'When can we talk?',
    emailText: 'When can we talk?',
    cc: [],
    attachments: [],
    from: `hello@${DOMAIN}`,
    subject: 'Re: Your enquiry to Ember & Ink',
    replyTokenHash: null,
    now: new Date(),
  });
  await store.leads.importMessage(answer(from, messageId, 'Tuesday. The brief is attached.'));
  const lead = await store.leads.openLead(enquiryId);
  return lead?.thread.at(-1)?.attachments[0]?.id ?? '';
}

function answer(from: string, inReplyTo: string, text: string): IncomingMessage {
  const content = Buffer.from('%PDF-1.4 the brief');
  return {
    messageId: `<${crypto.randomUUID()}@client.example>`,
    from,
    to: `reply@${DOMAIN}`,
    at: new Date(),
    subject: 'Re: Your enquiry to Ember & Ink',
    text,
    isTruncated: false,
    isVerified: true,
    attachments: [{ name: 'brief.pdf', type: 'application/pdf', size: content.length, content }],
    answers: [inReplyTo],
    rootEnquiryIds: [],
    replyTokenHashes: [],
    bookingIds: [],
    isAnswerToUs: false,
    calendarReply: null,
  };
}

async function mailboxFiles(): Promise<string[]> {
  return (await readdir(mailboxDirectory(dataDir)).catch((): string[] => [])).sort();
}

describeEachStore('retention and erasure', (subject) => {
  it('purges spam after 30 days, unconfirmed sign-ups after 7, enquiries after 730, with their emails and files', async () => {
    const { store } = subject;
    const kept = await enquire(store, 'kept@example.com');
    const spam = await enquire(store, 'spam@example.com', true);
    await store.subscribe('pending@example.com');
    const files = await deliverToMailbox(store, 2);
    expect(files.filter((name) => name.includes(`enquiry-${kept}`))).toHaveLength(1);
    // One more sign-up whose email is still queued when the purge comes.
    await store.subscribe('queued@example.com');

    const soon = await purgeExpired(store, dataDir, POLICY, new Date(Date.now() + 6 * DAY_MS));
    expect(soon).toEqual({
      enquiries: 0,
      bookings: 0,
      subscribers: 0,
      outboxRows: 0,
      mailboxFiles: 0,
      auditEntries: 0,
      unreadableMessages: 0,
      images: 0,
      audienceDaysRolledUp: 0,
      audienceRawRows: 0,
    });

    const month = await purgeExpired(store, dataDir, POLICY, new Date(Date.now() + 31 * DAY_MS));
    expect(month).toEqual({
      enquiries: 1,
      bookings: 0,
      subscribers: 2,
      outboxRows: 1,
      mailboxFiles: 1,
      auditEntries: 0,
      unreadableMessages: 0,
      images: 0,
      audienceDaysRolledUp: 0,
      audienceRawRows: 0,
    });
    expect(await store.getEnquiry(spam)).toBeNull();
    expect(await store.getEnquiry(kept)).not.toBeNull();
    expect(await store.listSubscribers()).toEqual([]);
    expect(await store.claimDueEmails(10, 60_000)).toEqual([]);
    expect(await mailboxFiles()).toEqual(files.filter((name) => name.includes('enquiry-')));

    const years = await purgeExpired(store, dataDir, POLICY, new Date(Date.now() + 731 * DAY_MS));
    expect(years).toMatchObject({ enquiries: 1, mailboxFiles: 1 });
    expect(await store.getEnquiry(kept)).toBeNull();
    expect(await mailboxFiles()).toEqual([]);
  });

  it('keeps the audit log AUDIT_RETENTION_DAYS, then purges it like everything else', async () => {
    const { store } = subject;
    const now = Date.now();
    const entry = (event: string, daysAgo: number) => ({
      at: new Date(now - daysAgo * DAY_MS),
      event,
      email: 'ann@studio.example',
      ip: '203.0.113.7',
      detail: null,
    });
    await store.auth.recordAudit(entry('sign_in', 366));
    await store.auth.recordAudit(entry('sign_out', 364));
    await store.auth.recordAudit(entry('sign_in', 1));

    const report = await purgeExpired(store, dataDir, POLICY, new Date(now));

    expect(report?.auditEntries).toBe(1);
    const left = await store.auth.listAudit(10);
    expect(
      left.map((kept) => [kept.event, Math.round((now - kept.at.getTime()) / DAY_MS)]),
    ).toEqual([
      ['sign_in', 1],
      ['sign_out', 364],
    ]);
    const shorter = { ...POLICY, auditDays: 30 };
    expect((await purgeExpired(store, dataDir, shorter, new Date(now)))?.auditEntries).toBe(1);
    expect(await store.auth.listAudit(10)).toHaveLength(1);
  });

  it('forgets an address in any case: enquiries, subscription, queued emails and mailbox files', async () => {
    const { store } = subject;
    const first = await enquire(store, 'Ann.Lee@Example.com');
    await store.subscribe('ann.lee@example.com');
    const other = await enquire(store, 'bob@example.com');
    await deliverToMailbox(store, 3);
    const second = await enquire(store, 'ANN.LEE@example.com');

    const person = await store.describePerson('Ann.Lee@EXAMPLE.com');
    expect(person.enquiries.map((enquiry) => enquiry.id).sort()).toEqual([first, second].sort());
    expect(person.subscriptions).toMatchObject([
      { email: 'ann.lee@example.com', status: 'pending' },
    ]);
    expect(person.outbox).toHaveLength(1);

    const removed = await store.forgetPerson(' ann.lee@EXAMPLE.COM ');
    expect(removed.enquiryIds.sort()).toEqual([first, second].sort());
    expect(removed.subscriberIds).toHaveLength(1);
    expect(removed.outboxRows).toBe(1);
    const files = await removeMailboxFiles(dataDir, { ...removed, address: 'Ann.Lee@example.com' });
    // The studio's copy of her enquiry and her confirmation email.
    expect(files).toHaveLength(2);
    const left = await mailboxFiles();
    expect(left).toHaveLength(1);
    expect(left[0]).toContain(`enquiry-${other}`);

    const after = await store.describePerson('ann.lee@example.com');
    expect(after).toEqual({
      email: 'ann.lee@example.com',
      enquiries: [],
      subscriptions: [],
      leads: [],
      otherThreads: [],
      bookings: [],
      letters: [],
      outbox: [],
      audit: [],
    });
    expect(await store.getEnquiry(other)).not.toBeNull();
  });

  it('copies, then forgets, the letters sent to an address: what became of each copy', async () => {
    const { store } = subject;
    const [ann, bob] = await addSubscribers(store, ['ann.lee@example.com', 'bob@example.com']);
    const spring = new Date('2031-04-01T09:00:00Z');
    const summer = new Date('2031-06-01T09:00:00Z');
    const sendLetter = async (subject: string, at: Date, refusal: string | null) => {
      const letter = await store.letters.createDraft(
        { subject, preview: '', body: 'Hello' },
        'ana@emberandink.example',
        at,
      );
      await store.letters.startSending(letter.id, null, at);
      await store.letters.claimCopies(letter.id, 10, 60_000, at);
      if (refusal === null)
        await store.letters.markCopiesSent(letter.id, [ann ?? '', bob ?? ''], at);
      else {
        await store.letters.markCopiesSent(letter.id, [bob ?? ''], at);
        await store.letters.markCopyFailed(letter.id, ann ?? '', refusal);
      }
      return letter.id;
    };
    // Written in this order, and listed in it whatever their ids.
    const springId = await sendLetter('Spring at the studio', spring, null);
    const summerId = await sendLetter('Summer at the studio', summer, '550 5.1.1 No such mailbox');

    expect((await store.describePerson('Ann.Lee@example.com')).letters).toEqual([
      {
        letterId: springId,
        subject: 'Spring at the studio',
        state: 'sent',
        sentAt: spring,
        failure: null,
      },
      {
        letterId: summerId,
        subject: 'Summer at the studio',
        state: 'failed',
        sentAt: null,
        failure: '550 5.1.1 No such mailbox',
      },
    ]);

    await store.forgetPerson('ann.lee@example.com');
    expect((await store.describePerson('ann.lee@example.com')).letters).toEqual([]);
    // Bob's copies, and the letters themselves, stay.
    expect((await store.describePerson('bob@example.com')).letters).toMatchObject([
      { letterId: springId, state: 'sent', sentAt: spring },
      { letterId: summerId, state: 'sent', sentAt: summer },
    ]);
  });

  it('copies, then forgets, a lead with its person: notes, thread, attachments, reply emails, and what she wrote elsewhere', async () => {
    const { store } = subject;
    const hers = await enquire(store, 'ann.lee@example.com');
    const attachment = await workOnLead(store, hers, 'ann.lee@example.com');
    const bobs = await enquire(store, 'bob@example.com');
    await workOnLead(store, bobs, 'bob@example.com');
    // Ann, copied in on Bob's thread, answers in it: a third party there.
    const bobsReply = (await store.leads.openLead(bobs))?.thread[0];
    await store.leads.importMessage({
      ...answer(
        'Ann.Lee@example.com',
        `<reply-${bobsReply?.id ?? ''}@${DOMAIN}>`,
        'I am his partner.',
      ),
      attachments: [],
    });
    expect((await store.leads.openLead(bobs))?.thread).toHaveLength(3);
    // Her enquiry's email, Bob's, and the two replies.
    await deliverToMailbox(store, 4);

    const person = await store.describePerson('ann.lee@example.com');
    expect(person.leads).toMatchObject([
      {
        enquiryId: hers,
        stage: 'contacted',
        notes: [{ text: 'Call back' }],
        thread: [
          { direction: 'out', text: 'When can we talk?' },
          { direction: 'in', attachments: [{ name: 'brief.pdf' }] },
        ],
      },
    ]);
    expect(person.otherThreads).toMatchObject([{ enquiryId: bobs, text: 'I am his partner.' }]);

    const removed = await store.forgetPerson('ann.lee@example.com');
    expect(removed).toMatchObject({ enquiryIds: [hers], otherThreadMessages: 1 });
    const files = await removeMailboxFiles(dataDir, { ...removed, address: 'ann.lee@example.com' });
    expect(files).toHaveLength(2);
    expect(await store.leads.openLead(hers)).toBe(null);
    expect(await store.leads.readAttachment(hers, attachment)).toBe(null);
    expect((await store.leads.openLead(bobs))?.thread.map((message) => message.text)).toEqual([
      'When can we talk?',
      'Tuesday. The brief is attached.',
    ]);
    expect(JSON.stringify(await store.describePerson('ann.lee@example.com'))).not.toContain(
      'Call back',
    );
  });

  it('purges an expired enquiry with its lead: notes, thread, attachments, queued reply and its file', async () => {
    const { store } = subject;
    const id = await enquire(store, 'ann.lee@example.com');
    const attachment = await workOnLead(store, id, 'ann.lee@example.com');
    await deliverToMailbox(store, 2);
    // A second reply, still queued when the purge comes.
    await store.leads.queueReply(id, {
      id: crypto.randomUUID(),
      messageId: `<reply-${crypto.randomUUID()}@${DOMAIN}>`,
      rootMessageId: `<enquiry-${id}@${DOMAIN}>`,
      by: `ana@${DOMAIN}`,
      fromName: 'Ana at Ember & Ink',
      text: 'Still there?',
      emailText: 'Still there?',
      cc: [],
      attachments: [],
      from: `hello@${DOMAIN}`,
      subject: 'Re: Your enquiry to Ember & Ink',
      replyTokenHash: null,
      now: new Date(),
    });

    const report = await purgeExpired(store, dataDir, POLICY, new Date(Date.now() + 731 * DAY_MS));
    expect(report).toMatchObject({ enquiries: 1, mailboxFiles: 2 });
    expect(await store.leads.openLead(id)).toBe(null);
    expect(await store.leads.readAttachment(id, attachment)).toBe(null);
    expect(await store.leads.readLeads([id])).toEqual(new Map());
    expect(await store.claimDueEmails(10, 60_000)).toEqual([]);
    expect(await mailboxFiles()).toEqual([]);
  });

  it('takes the address out of the audit log, keeping its lines under one label that can still be counted', async () => {
    const { store } = subject;
    const line = (minute: number, event: string, email: string) => ({
      at: new Date(Date.UTC(2026, 10, 24, 9, minute)),
      event,
      email,
      ip: '203.0.113.7',
      detail: 'password',
    });
    // A failed sign-in stores the address as it was typed.
    await store.auth.recordAudit(line(1, 'sign_in_failed', ' Ann.Lee@Example.com'));
    await store.auth.recordAudit(line(2, 'sign_in_failed', 'ann.lee@example.com'));
    await store.auth.recordAudit(line(3, 'sign_in_failed', 'bob@example.com'));
    expect((await store.describePerson('ann.lee@example.com')).audit).toEqual([
      { at: line(1, '', '').at, event: 'sign_in_failed', ip: '203.0.113.7' },
      { at: line(2, '', '').at, event: 'sign_in_failed', ip: '203.0.113.7' },
    ]);

    const forgotten = await store.forgetPerson('ANN.LEE@example.com');
    expect(forgotten.auditEntries).toBe(2);
    expect(forgotten.auditLabel).toMatch(/^forgotten-[0-9a-f]{16}$/);
    const emails = (await store.auth.listAudit(10)).map((entry) => entry.email);
    expect(emails).toEqual(
      [forgotten.auditLabel, forgotten.auditLabel, 'bob@example.com'].reverse(),
    );
    expect(JSON.stringify(await store.auth.listAudit(10)).toLowerCase()).not.toContain('ann.lee');
    expect((await store.describePerson('ann.lee@example.com')).audit).toEqual([]);

    // Forgetting another address gets another label: two people never share one.
    const bob = await store.forgetPerson('bob@example.com');
    expect(bob.auditLabel).not.toBe(forgotten.auditLabel);
  });
});
