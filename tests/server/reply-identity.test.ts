import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_LIMITS, type ReplyQueued } from '../../common/leads';
import type { EnquiryDetail } from '../../common/studio-inbox';
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
const CLIENT = 'client@example.com';
const ACKNOWLEDGEMENT = {
  enabled: true,
  subject: 'We have your enquiry',
  text: 'Dear {firstName},\n\nThank you for writing. We answer within two days.',
};

function addressesOf(field: ParsedMail['cc'] | ParsedMail['replyTo']): string[] {
  return [field ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}

describe.each(INBOX_BACKENDS)('replies in a person’s name ($name)', (backend) => {
  let app: InboxApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function started(options?: Parameters<typeof startInboxApp>[1]): Promise<InboxApp> {
    app = await startInboxApp(backend, options);
    return app;
  }

  async function reply(inbox: InboxApp, id: string, body: unknown): Promise<Response> {
    return inbox.call(`leads/${id}/replies`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    });
  }

  async function sent(inbox: InboxApp, response: Response): Promise<ParsedMail> {
    expect(response.status, await response.clone().text()).toBe(201);
    const queued = (await response.json()) as ReplyQueued;
    return waitFor(() => inbox.mail.received.find((mail) => mail.messageId === queued.messageId));
  }

  async function detail(inbox: InboxApp, id: string): Promise<EnquiryDetail> {
    return (await (await inbox.call(`leads/${id}`)).json()) as EnquiryDetail;
  }

  it('sends from REPLY_FROM in the sender’s name, copies others, signs and quotes the client', async () => {
    const inbox = await started();
    await inbox.store.settings.saveSettings({
      ...(await inbox.store.settings.readSettings()),
      locale: 'en-GB',
    });
    const id = await inbox.receive({ email: CLIENT, message: 'We need a logo.\nAnd a website.' });
    const mail = await sent(
      inbox,
      await reply(inbox, id, {
        text: 'Happy to help.',
        cc: ['partner@agency.example', 'PARTNER@agency.example', 'ops@agency.example'],
      }),
    );

    expect(mail.from?.value).toEqual([{ name: 'Sam Rivera at Ember & Ink', address: REPLY_FROM }]);
    const [local, domain] = REPLY_ADDRESS.split('@');
    expect(addressesOf(mail.replyTo)).toEqual([
      expect.stringMatching(new RegExp(`^${local}\\+[A-Za-z0-9_-]{32}@${domain}$`)),
    ]);
    expect(addressesOf(mail.cc)).toEqual(['partner@agency.example', 'ops@agency.example']);
    const lines = (mail.text ?? '').trimEnd().split('\n');
    expect(lines.slice(0, 5)).toEqual([
      'Happy to help.',
      '',
      '-- ',
      'Sam Rivera',
      'Ember & Ink, Bristol',
    ]);
    // en-GB in Europe/London: "26 Nov 2026, 21:55", never "Nov 26, 2026, 9:55 PM".
    expect(lines[6]).toMatch(/^On \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}, Ann Lee wrote:$/);
    expect(lines.slice(7)).toEqual(['> We need a logo.', '> And a website.']);

    const thread = (await detail(inbox, id)).thread;
    expect(thread).toMatchObject([
      {
        direction: 'out',
        fromName: 'Sam Rivera at Ember & Ink',
        from: REPLY_FROM,
        cc: ['partner@agency.example', 'ops@agency.example'],
        text: 'Happy to help.',
        isAcknowledgement: false,
      },
    ]);
  });

  it('without a mailbox, asks for answers at REPLY_FROM, never at the website’s address', async () => {
    const inbox = await started({ replyAddress: null });
    const id = await inbox.receive({ email: CLIENT });
    const mail = await sent(inbox, await reply(inbox, id, { text: 'Hello.' }));
    expect(addressesOf(mail.replyTo)).toEqual([REPLY_FROM]);
    expect(mail.headers.get('reply-to')).not.toBeUndefined();
    expect(JSON.stringify(mail.from)).not.toContain('website@');
  });

  it('keeps a name with quotes, line breaks and accents inside its From header', async () => {
    const hostile = 'Zoë "Boss"\r\nBcc: victim@example.com';
    const inbox = await started({
      senders: new Map([[STAFF_EMAIL, { name: hostile, signature: '' }]]),
    });
    const id = await inbox.receive({ email: CLIENT });
    const mail = await sent(inbox, await reply(inbox, id, { text: 'Hello.' }));
    expect(mail.from?.value).toEqual([
      { name: 'Zoë "Boss" Bcc: victim@example.com at Ember & Ink', address: REPLY_FROM },
    ]);
    expect(mail.bcc).toBeUndefined();
    expect(addressesOf(mail.cc)).toEqual([]);
  });

  it('refuses too many or malformed CC addresses with field errors and queues nothing', async () => {
    const inbox = await started();
    const id = await inbox.receive({ email: CLIENT });
    const tooMany = Array.from({ length: 200 }, (_, index) => `guest${index}@example.com`);
    const refusals: [unknown, string][] = [
      [{ text: 'Hi', cc: tooMany }, 'cc'],
      [{ text: 'Hi', cc: ['not an address'] }, 'cc'],
      [{ text: 'Hi', cc: ['a@example.com\r\nBcc: b@example.com'] }, 'cc'],
      [{ text: 'Hi', cc: 'a@example.com' }, 'cc'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(LEAD_LIMITS.replyLength + 1) }, 'text'],
    ];
    for (const [body, field] of refusals) {
      const response = await reply(inbox, id, body);
      expect(response.status).toBe(422);
      const answer = (await response.json()) as { fieldErrors: Record<string, string> };
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
    }
    expect((await reply(inbox, id, { text: 'Hi', bcc: ['x@example.com'] })).status).toBe(400);
    // The reply and its outbox row are written together: no message, no email.
    expect((await detail(inbox, id)).thread).toEqual([]);
  });

  it('carries files sent as a form: the same bytes in the email, stored and downloadable', async () => {
    const inbox = await started();
    const id = await inbox.receive({ email: CLIENT });
    const proposal = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0xe2)]);
    const form = new FormData();
    form.set('text', 'Our proposal is attached.');
    form.append('cc', 'partner@agency.example');
    form.append(
      'files',
      new Blob([proposal], { type: 'application/pdf' }),
      '../../x/Pro\u0007posal.pdf',
    );
    const mail = await sent(
      inbox,
      await inbox.call(`leads/${id}/replies`, { method: 'POST', body: form }),
    );
    expect(addressesOf(mail.cc)).toEqual(['partner@agency.example']);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['Proposal.pdf', 'application/pdf'],
    ]);
    expect(mail.attachments[0]?.content.equals(proposal)).toBe(true);

    const [message] = (await detail(inbox, id)).thread;
    expect(message?.attachments).toMatchObject([{ name: 'Proposal.pdf', size: proposal.length }]);
    const download = await inbox.call(
      `leads/${id}/attachments/${message?.attachments[0]?.id ?? ''}`,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(proposal)).toBe(true);
  });

  it('refuses files over 10 MB in all with 413 and keeps nothing', async () => {
    const inbox = await started();
    const id = await inbox.receive({ email: CLIENT });
    const form = new FormData();
    form.set('text', 'Too big.');
    form.append('files', new Blob([Buffer.alloc(5 * 1024 * 1024)]), 'a.bin');
    form.append('files', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)]), 'b.bin');
    const response = await inbox.call(`leads/${id}/replies`, { method: 'POST', body: form });
    expect(response.status).toBe(413);
    expect((await detail(inbox, id)).thread).toEqual([]);
  });

  it('acknowledges a new enquiry, which starts the thread the first reply continues', async () => {
    const inbox = await started();
    await inbox.store.settings.saveSettings({
      ...(await inbox.store.settings.readSettings()),
      acknowledgement: ACKNOWLEDGEMENT,
    });
    const id = await inbox.receive({ name: 'Ann Lee', email: CLIENT });
    const acknowledgement = await waitFor(() =>
      inbox.mail.received.find((mail) => mail.subject === ACKNOWLEDGEMENT.subject),
    );
    expect(acknowledgement.from?.value).toEqual([{ name: 'Ember & Ink', address: REPLY_FROM }]);
    expect(addressesOf(acknowledgement.to)).toEqual([CLIENT]);
    expect(addressesOf(acknowledgement.replyTo)).toEqual([
      expect.stringMatching(/^reply\+[A-Za-z0-9_-]{32}@emberandink\.example$/),
    ]);
    expect(acknowledgement.text?.trim()).toBe(
      'Dear Ann,\n\nThank you for writing. We answer within two days.',
    );
    expect(acknowledgement.messageId).toBe(`<acknowledgement-${id}@emberandink.example>`);
    expect(acknowledgement.inReplyTo).toBeUndefined();

    const first = await sent(inbox, await reply(inbox, id, { text: 'Happy to help.' }));
    expect(first.inReplyTo).toBe(acknowledgement.messageId);
    expect(first.references).toEqual([
      `<enquiry-${id}@emberandink.example>`,
      acknowledgement.messageId,
    ]);
    expect(first.subject).toMatch(/^Re: /);

    const thread = (await detail(inbox, id)).thread;
    expect(thread.map((message) => [message.isAcknowledgement, message.fromName])).toEqual([
      [true, 'Ember & Ink'],
      [false, 'Sam Rivera at Ember & Ink'],
    ]);
  });

  it('acknowledges a message that joined an open lead without putting its words in the client’s mouth', async () => {
    const inbox = await started();
    await inbox.store.settings.saveSettings({
      ...(await inbox.store.settings.readSettings()),
      acknowledgement: ACKNOWLEDGEMENT,
    });
    const lead = await inbox.receive({ name: 'Ann Lee', email: CLIENT });
    const stranger = 'Please send the files to files@elsewhere.example instead.';
    const joined = await inbox.receive({ name: 'Mallory', email: CLIENT, message: stranger });

    const notice = await waitFor(() =>
      inbox.mail.received.find(
        (mail) => mail.messageId === `<acknowledgement-${joined}@emberandink.example>`,
      ),
    );
    expect(addressesOf(notice.to)).toEqual([CLIENT]);
    expect(notice.subject).toBe('Ember & Ink received a message with your address');
    const text = notice.text ?? '';
    expect(text).toContain(
      "Ember & Ink received a message through the form on its website, about Brand Strategy, giving this email address as the sender's.",
    );
    expect(text).toContain("If you didn't, you can ignore this email");
    for (const strangersWords of [stranger, 'files@elsewhere.example', 'Mallory']) {
      expect(text).not.toContain(strangersWords);
      expect(notice.html || '').not.toContain(strangersWords);
    }
    expect(text).not.toContain('Thank you for writing');

    const thread = (await detail(inbox, lead)).thread;
    expect(thread.filter((message) => message.isAcknowledgement)).toHaveLength(2);
  });

  it('acknowledges no spam, and nothing while switched off', async () => {
    const inbox = await started();
    await inbox.receive({ email: 'quiet@example.com' });
    await inbox.store.settings.saveSettings({
      ...(await inbox.store.settings.readSettings()),
      acknowledgement: ACKNOWLEDGEMENT,
    });
    const spam = await inbox.receive({ email: 'spam@example.com' }, { isSpam: true });
    const ham = await inbox.receive({ email: 'ham@example.com' });
    await waitFor(() =>
      inbox.mail.received.find((mail) => mail.subject === ACKNOWLEDGEMENT.subject),
    );
    const acknowledged = inbox.mail.received
      .filter((mail) => mail.subject === ACKNOWLEDGEMENT.subject)
      .flatMap((mail) => addressesOf(mail.to));
    expect(acknowledged).toEqual(['ham@example.com']);
    expect((await detail(inbox, spam)).thread).toEqual([]);
    expect((await detail(inbox, ham)).thread).toHaveLength(1);
  });
});
