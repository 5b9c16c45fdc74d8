import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { incomingAnswer } from '../../../tests/server/helpers/incoming-answer';
import { describeEachStore, saveEnquiries } from '../../../tests/server/helpers/store-fixtures';
import type { Store } from '../store';
import type { NewReply } from './queue-reply';
import type { LeadReplyEmail } from './lead-types';

function newReply(enquiryId: string, overrides: Partial<NewReply> = {}): NewReply {
  const id = randomUUID();
  return {
    id,
    messageId: `<reply-${id}@emberandink.example>`,
    rootMessageId: `<enquiry-${enquiryId}@emberandink.example>`,
    by: 'ana@emberandink.example',
    fromName: 'Ana at Ember & Ink',
    text: 'Thank you, we would love to help.',
    emailText: 'Thank you, we would love to help.',
    cc: [],
    attachments: [],
    from: 'hello@emberandink.example',
    subject: 'Re: Your enquiry to Ember & Ink',
    replyTokenHash: 'a'.repeat(64),
    now: new Date(),
    ...overrides,
  };
}

/** The reply email the outbox hands out next. */
async function claimReply(store: Store): Promise<{ id: string; reply: LeadReplyEmail }> {
  const [job] = await store.claimDueEmails(10, 60_000);
  if (job?.kind !== 'lead-reply') throw new Error('expected a reply in the outbox');
  return job;
}

async function oneEnquiry(store: Store): Promise<{ id: string; email: string }> {
  const [id = ''] = await saveEnquiries(store, 1);
  const enquiry = await store.getEnquiry(id);
  return { id, email: enquiry?.email ?? '' };
}

describeEachStore('the lead repository', (subject) => {
  it('starts a lead as new and unowned, and keeps what the studio changes', async () => {
    const { id } = await oneEnquiry(subject.store);
    expect(await subject.store.leads.openLead(id)).toMatchObject({
      stage: 'new',
      owner: null,
      followUpOn: null,
      notes: [],
      thread: [],
    });
    const changed = await subject.store.leads.changeLead(
      id,
      { stage: 'proposal', owner: 'ana@emberandink.example', followUpOn: '2026-12-01' },
      new Date(),
    );
    expect(changed?.before.stage).toBe('new');
    expect(changed?.after).toEqual({
      stage: 'proposal',
      owner: 'ana@emberandink.example',
      followUpOn: '2026-12-01',
      value: null,
    });
    await subject.store.leads.changeLead(id, { owner: null }, new Date());
    expect(await subject.store.leads.openLead(id)).toMatchObject({
      stage: 'proposal',
      owner: null,
      followUpOn: '2026-12-01',
    });
    expect(await subject.store.leads.changeLead(randomUUID(), { stage: 'won' }, new Date())).toBe(
      null,
    );
  });

  it('keeps what a lead is worth in minor units, and counts it for nothing once unset', async () => {
    const { id } = await oneEnquiry(subject.store);
    const { id: yen } = await oneEnquiry(subject.store);
    const set = await subject.store.leads.changeLead(
      id,
      { value: { minor: 1_200_050, currency: 'GBP' } },
      new Date(),
    );
    expect(set?.after.value).toEqual({ amount: 12000.5, currency: 'GBP' });
    await subject.store.leads.changeLead(
      yen,
      { value: { minor: 90_000, currency: 'JPY' } },
      new Date(),
    );
    const summaries = await subject.store.leads.summarizeLeads([id, yen]);
    expect(summaries.get(id)?.value).toEqual({ amount: 12000.5, currency: 'GBP' });
    expect(summaries.get(yen)?.value).toEqual({ amount: 90000, currency: 'JPY' });
    await subject.store.leads.changeLead(id, { stage: 'won' }, new Date());
    expect((await subject.store.leads.openLead(id))?.value).toEqual({
      amount: 12000.5,
      currency: 'GBP',
    });
    await subject.store.leads.changeLead(id, { value: null }, new Date());
    expect((await subject.store.leads.openLead(id))?.value).toBeNull();
  });

  it('lists the open leads due a follow-up on or before a day, and the leads of one owner', async () => {
    const ana = 'ana@emberandink.example';
    const due = await oneEnquiry(subject.store);
    const today = await oneEnquiry(subject.store);
    const tomorrow = await oneEnquiry(subject.store);
    const won = await oneEnquiry(subject.store);
    await oneEnquiry(subject.store);
    const change = (id: string, followUpOn: string, more: object = {}) =>
      subject.store.leads.changeLead(id, { followUpOn, ...more }, new Date());
    await change(due.id, '2026-11-20', { owner: ana });
    await change(today.id, '2026-11-26');
    await change(tomorrow.id, '2026-11-27', { owner: ana });
    await change(won.id, '2026-11-01', { stage: 'won' });
    const list = async (filter: { dueOn?: string; owner?: string }) =>
      (
        await subject.store.listInbox(
          { statuses: ['new', 'read'], service: null, terms: [], ...filter },
          null,
          10,
        )
      )
        .map((enquiry) => enquiry.id)
        .sort();
    expect(await list({ dueOn: '2026-11-26' })).toEqual([due.id, today.id].sort());
    expect(await list({ dueOn: '2026-11-27' })).toEqual([due.id, today.id, tomorrow.id].sort());
    expect(await list({ owner: ana })).toEqual([due.id, tomorrow.id].sort());
    expect(await list({ owner: ana, dueOn: '2026-11-26' })).toEqual([due.id]);
  });

  it('keeps notes with their author and time, oldest first', async () => {
    const { id } = await oneEnquiry(subject.store);
    const by = 'ana@emberandink.example';
    await subject.store.leads.addNote(id, {
      by,
      text: 'Called, left a message.',
      now: new Date(1),
    });
    await subject.store.leads.addNote(id, {
      by,
      text: 'Wants a quote by Friday.',
      now: new Date(2),
    });
    const lead = await subject.store.leads.openLead(id);
    expect(lead?.notes.map((note) => note.text)).toEqual([
      'Called, left a message.',
      'Wants a quote by Friday.',
    ]);
    expect(lead?.notes[0]).toMatchObject({ by, at: new Date(1).toISOString() });
  });

  it('stores a reply and queues its email together, and threads the next one under it', async () => {
    const { id, email } = await oneEnquiry(subject.store);
    await subject.store.claimDueEmails(10, 60_000); // the enquiry's own notification
    const first = newReply(id);
    expect(await subject.store.leads.queueReply(id, first)).toEqual({
      id: first.id,
      messageId: first.messageId,
      state: 'queued',
    });
    const job = await claimReply(subject.store);
    expect(job.reply).toMatchObject({
      messageId: first.messageId,
      inReplyTo: first.rootMessageId,
      references: [first.rootMessageId],
      to: { address: email },
    });
    const lead = await subject.store.leads.openLead(id);
    expect(lead?.stage).toBe('contacted');
    expect(lead?.thread).toMatchObject([{ direction: 'out', state: 'queued', to: email }]);
    expect((await subject.store.openEnquiry(id))?.status).toBe('read');

    await subject.store.markEmailFailed(job.id, '451 try later', new Date());
    expect((await subject.store.leads.openLead(id))?.thread[0]).toMatchObject({
      state: 'retrying',
      reason: '451 try later',
    });
    const [again] = await subject.store.claimDueEmails(10, 60_000);
    await subject.store.markEmailSent(again?.id ?? '');
    expect((await subject.store.leads.openLead(id))?.thread[0]?.state).toBe('sent');

    const second = newReply(id);
    await subject.store.leads.queueReply(id, second);
    const next = await claimReply(subject.store);
    expect(next.reply).toMatchObject({
      inReplyTo: first.messageId,
      references: [first.rootMessageId, first.messageId],
    });
  });

  it('joins an answer to its thread once, by its headers or by token from the client', async () => {
    const { id, email } = await oneEnquiry(subject.store);
    const reply = newReply(id);
    await subject.store.leads.queueReply(id, reply);
    // Each answer a second after the one before, as mail arrives: two made within the same
    // millisecond would have no order of their own in the thread.
    const queuedAt = Date.now();
    const arriving = (second: number) => new Date(queuedAt + second * 1000);

    const byHeaders = incomingAnswer({ from: email, answers: [reply.messageId], at: arriving(1) });
    expect(await subject.store.leads.importMessage(byHeaders)).toBe('stored');
    expect(await subject.store.leads.importMessage(byHeaders)).toBe('duplicate');

    const third = incomingAnswer({
      from: 'partner@elsewhere.example',
      answers: [reply.messageId],
      at: arriving(2),
    });
    expect(await subject.store.leads.importMessage(third)).toBe('stored');

    const byToken = incomingAnswer({
      from: email.toUpperCase(),
      replyTokenHashes: [reply.replyTokenHash ?? ''],
      at: arriving(3),
    });
    expect(await subject.store.leads.importMessage(byToken)).toBe('stored');
    const strangerWithToken = incomingAnswer({ replyTokenHashes: [reply.replyTokenHash ?? ''] });
    expect(await subject.store.leads.importMessage(strangerWithToken)).toBe('unmatched');
    const bySubjectOnly = incomingAnswer({ from: email });
    expect(await subject.store.leads.importMessage(bySubjectOnly)).toBe('unmatched');

    const lead = await subject.store.leads.openLead(id);
    expect(lead?.thread.map((message) => [message.direction, message.isThirdParty])).toEqual([
      ['out', false],
      ['in', false],
      ['in', true],
      ['in', false],
    ]);
  });

  it('shows an unverified answer as such, and lets only a verified one move the lead', async () => {
    const { id, email } = await oneEnquiry(subject.store);
    const reply = newReply(id);
    await subject.store.leads.queueReply(id, reply);
    const summary = async () => (await subject.store.leads.summarizeLeads([id])).get(id);

    const forged = incomingAnswer({
      from: email,
      answers: [reply.messageId],
      at: new Date(Date.now() + 30_000),
      isVerified: false,
    });
    expect(await subject.store.leads.importMessage(forged)).toBe('stored');
    expect(await summary()).toMatchObject({ hasNewReply: false, waitingSince: null });
    expect(await subject.store.leads.listWaiting(10)).toEqual([]);

    const later = new Date(Date.now() + 60_000);
    const real = incomingAnswer({ from: email, answers: [reply.messageId], at: later });
    expect(await subject.store.leads.importMessage(real)).toBe('stored');
    expect(await summary()).toMatchObject({ hasNewReply: true, waitingSince: later.toISOString() });
    const lead = await subject.store.leads.openLead(id);
    expect(lead?.thread.map((message) => [message.direction, message.isVerified])).toEqual([
      ['out', null],
      ['in', false],
      ['in', true],
    ]);
  });

  it('keeps attachments for download and loses them with the enquiry when it is forgotten', async () => {
    const { id, email } = await oneEnquiry(subject.store);
    const content = Buffer.from('%PDF-1.4 brief');
    await subject.store.leads.importMessage(
      incomingAnswer({
        from: email,
        rootEnquiryIds: [id],
        attachments: [
          { name: 'brief.pdf', type: 'application/pdf', size: content.length, content },
        ],
      }),
    );
    await subject.store.leads.addNote(id, {
      by: 'ana@emberandink.example',
      text: 'x',
      now: new Date(),
    });
    const [attachment] = (await subject.store.leads.openLead(id))?.thread[0]?.attachments ?? [];
    expect(attachment).toMatchObject({ name: 'brief.pdf', size: content.length });
    const file = await subject.store.leads.readAttachment(id, attachment?.id ?? '');
    expect(file?.content.equals(content)).toBe(true);
    expect(await subject.store.leads.readAttachment(randomUUID(), attachment?.id ?? '')).toBe(null);

    await subject.store.forgetPerson(email);
    expect(await subject.store.leads.readAttachment(id, attachment?.id ?? '')).toBe(null);
    expect(await subject.store.leads.openLead(id)).toBe(null);
  });

  it('remembers where the mailbox watch stopped', async () => {
    expect(await subject.store.leads.readMailboxCursor('INBOX')).toBe(null);
    await subject.store.leads.saveMailboxCursor('INBOX', { uidValidity: '7', lastUid: 41 });
    await subject.store.leads.saveMailboxCursor('INBOX', { uidValidity: '7', lastUid: 42 });
    expect(await subject.store.leads.readMailboxCursor('INBOX')).toEqual({
      uidValidity: '7',
      lastUid: 42,
    });
  });
});
