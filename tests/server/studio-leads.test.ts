import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadNote, ReplyQueued } from '../../common/leads';
import type { EnquiryDetail, EnquiryPage } from '../../common/studio-inbox';
import { waitFor } from './helpers/mail-server';
import {
  INBOX_BACKENDS,
  REPLY_ADDRESS,
  REPLY_FROM,
  STAFF_EMAIL,
  startInboxApp,
  type InboxApp,
} from './helpers/start-inbox-app';

const JSON_HEADERS = { 'content-type': 'application/json' };

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe.each(INBOX_BACKENDS)('studio leads ($name)', ({ name, createFixture }) => {
  let app: InboxApp;

  beforeEach(async () => {
    app = await startInboxApp({ name, createFixture });
  });
  afterEach(() => app.close());

  const send = (path: string, method: string, body: unknown) =>
    app.call(path, { method, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const detail = async (id: string) => json<EnquiryDetail>(await app.call(`leads/${id}`));
  const auditEvents = async () =>
    (await app.store.auth.listAudit(50)).map((entry) => `${entry.event} ${entry.detail ?? ''}`);

  it('moves a lead through its stages, gives it an owner and a follow-up, and audits both', async () => {
    const id = await app.receive();
    expect(await detail(id)).toMatchObject({ stage: 'new', owner: null, followUpOn: null });

    const changed = await send(`leads/${id}`, 'PATCH', {
      stage: 'proposal',
      owner: STAFF_EMAIL,
      followUpOn: '2026-12-01',
    });
    expect(await json(changed)).toEqual({
      stage: 'proposal',
      owner: STAFF_EMAIL,
      followUpOn: '2026-12-01',
      value: null,
    });
    expect(await auditEvents()).toEqual(
      expect.arrayContaining([
        `lead.stage ${id}: new → proposal`,
        `lead.owner ${id}: - → ${STAFF_EMAIL}`,
      ]),
    );

    const other = await app.receive();
    const byStage = await json<EnquiryPage>(await app.call('leads?stage=proposal'));
    expect(byStage.items.map((item) => item.id)).toEqual([id]);
    const fresh = await json<EnquiryPage>(await app.call('leads?stage=new'));
    expect(fresh.items.map((item) => item.id)).toEqual([other]);
    const mine = await json<EnquiryPage>(
      await app.call(`leads?owner=${encodeURIComponent(STAFF_EMAIL)}`),
    );
    expect(mine.items.map((item) => [item.id, item.lead?.stage])).toEqual([[id, 'proposal']]);
  });

  it('refuses what is not a stage, an owner who is not staff, and changes nothing', async () => {
    const id = await app.receive();
    for (const body of [
      { stage: 'maybe' },
      { followUpOn: 'tomorrow' },
      {},
      { stage: 'won', status: 'read' },
    ]) {
      expect((await send(`leads/${id}`, 'PATCH', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await send(`leads/${id}`, 'PATCH', { owner: 'someone@else.example' })).status).toBe(
      422,
    );
    expect((await app.call('leads?stage=maybe')).status).toBe(400);
    expect(await detail(id)).toMatchObject({ stage: 'new', owner: null });
  });

  it('keeps private notes with their author and time', async () => {
    const id = await app.receive();
    const note = await json<LeadNote>(
      await send(`leads/${id}/notes`, 'POST', { text: '  Wants a quote by Friday. ' }),
      201,
    );
    expect(note).toMatchObject({ by: STAFF_EMAIL, text: 'Wants a quote by Friday.' });
    expect((await detail(id)).notes).toEqual([note]);
    expect((await send(`leads/${id}/notes`, 'POST', { text: '   ' })).status).toBe(400);
    expect(await auditEvents()).toContain(`lead.note ${id}: ${note.id}`);
  });

  it('sends a reply in the enquiry thread, with headers mail clients and Outlook thread by', async () => {
    const id = await app.receive({ email: 'client@example.com' });
    await waitFor(() => app.mail.received.length === 1);
    const queued = await json<ReplyQueued>(
      await send(`leads/${id}/replies`, 'POST', { text: 'Happy to help. When can we talk?' }),
      201,
    );
    expect(queued.state).toBe('queued');
    const mail = await waitFor(() => app.mail.received[1]);
    const root = `<enquiry-${id}@emberandink.example>`;
    expect(mail.messageId).toBe(queued.messageId);
    expect(mail.inReplyTo).toBe(root);
    expect(mail.references).toBe(root);
    expect(mail.from?.value).toEqual([{ name: 'Sam Rivera at Ember & Ink', address: REPLY_FROM }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('client@example.com');
    expect(mail.text).toMatch(/^Happy to help\. When can we talk\?\n/);
    expect(mail.headers.get('thread-topic')).toBe('Your enquiry to Ember & Ink');
    expect(mail.headers.get('thread-index')).toMatch(/^[A-Za-z0-9+/]{36}/);
    const replyTo = mail.replyTo?.value[0]?.address ?? '';
    const [local, domain] = REPLY_ADDRESS.split('@');
    expect(replyTo).toMatch(new RegExp(`^${local}\\+[A-Za-z0-9_-]{32}@${domain}$`));

    const opened = await waitFor(async () => {
      const current = await detail(id);
      return current.thread[0]?.state === 'sent' ? current : undefined;
    });
    expect(opened).toMatchObject({ status: 'read', stage: 'contacted' });
    expect(opened.thread).toMatchObject([
      { direction: 'out', to: 'client@example.com', text: 'Happy to help. When can we talk?' },
    ]);
    expect(await auditEvents()).toContain(`lead.reply ${id}: ${queued.messageId}`);

    const second = await json<ReplyQueued>(
      await send(`leads/${id}/replies`, 'POST', { text: 'Following up.' }),
      201,
    );
    const next = await waitFor(() => app.mail.received[2]);
    expect(next.inReplyTo).toBe(queued.messageId);
    expect(next.references).toEqual([root, queued.messageId]);
    expect(next.messageId).toBe(second.messageId);
    expect(next.replyTo?.value[0]?.address).toBe(replyTo);
  });

  it('shows a reply the mail server refuses as retrying, with the reason', async () => {
    const id = await app.receive();
    await waitFor(() => app.mail.received.length === 1);
    app.setMailAnswer({ code: 451, message: 'Try again later' });
    await json(await send(`leads/${id}/replies`, 'POST', { text: 'Hello again.' }), 201);
    const message = await waitFor(async () => {
      const [first] = (await detail(id)).thread;
      return first?.state === 'retrying' ? first : undefined;
    });
    expect(message.reason).toMatch(/4\d\d/);
  });

  it('exports each enquiry with its lead: stage, owner, notes and the email thread', async () => {
    const id = await app.receive({ email: 'client@example.com' });
    const untouched = await app.receive();
    await json(await send(`leads/${id}/notes`, 'POST', { text: 'Budget is firm.' }), 201);
    await json(await send(`leads/${id}/replies`, 'POST', { text: 'Tuesday?' }), 201);
    await json(await send(`leads/${id}`, 'PATCH', { owner: STAFF_EMAIL }));

    const items = await json<(EnquiryDetail & { id: string })[]>(
      await app.call('export?format=json'),
    );
    const exported = items.find((item) => item.id === id);
    expect(exported).toMatchObject({
      stage: 'contacted',
      owner: STAFF_EMAIL,
      notes: [{ by: STAFF_EMAIL, text: 'Budget is firm.' }],
      thread: [{ direction: 'out', to: 'client@example.com', text: 'Tuesday?' }],
    });
    expect(items.find((item) => item.id === untouched)).toMatchObject({ notes: [], thread: [] });

    const csv = await (await app.call('export?format=csv')).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(id)) ?? '';
    expect(row).toContain(`contacted,${STAFF_EMAIL},,`);
    expect(row).toContain(`${STAFF_EMAIL}: Budget is firm.`);
    expect(row).toContain('to client@example.com [');
    expect(row).toContain(']: Tuesday?');
  });

  it('lists the leads waiting for us, the longest waiting first', async () => {
    const first = await app.receive();
    const second = await app.receive();
    const answered = await app.receive();
    await json(await send(`leads/${answered}/replies`, 'POST', { text: 'Done.' }), 201);
    const waiting = await json<EnquiryPage>(await app.call('leads/waiting'));
    expect(waiting.items.map((item) => item.id)).toEqual([first, second]);
    expect(waiting.items[0]?.lead?.waitingSince).toBeTruthy();
  });
});
