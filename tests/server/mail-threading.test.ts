import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ReplyQueued } from '../../common/leads';
import { createReplyThreads } from '../../server/mail/reply-threads';
import { readIncoming } from '../../server/mailbox/read-incoming';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { threadMessages, type ThreadableMessage } from '../support/jwz-threading';
import { waitFor } from './helpers/mail-server';
import {
  INBOX_BACKENDS,
  REPLY_ADDRESS,
  startInboxApp,
  type InboxApp,
} from './helpers/start-inbox-app';

const CLIENT = 'client@example.com';
const DOMAIN = 'emberandink.example';

/** The headers a mail client threads by, as mailparser reads them. */
function threadable(mail: ParsedMail): ThreadableMessage {
  const references = mail.references === undefined ? [] : [mail.references].flat();
  return {
    messageId: mail.messageId ?? '',
    ...(mail.inReplyTo === undefined ? {} : { inReplyTo: mail.inReplyTo }),
    references: references.flatMap((value) => value.split(/\s+/)).filter((id) => id !== ''),
  };
}

/** An answer written the way a client writes one: In-Reply-To the parent, References its chain. */
function answerTo(parent: ParsedMail, text: string, from = CLIENT): string {
  const chain = [...threadable(parent).references, parent.messageId ?? ''];
  return [
    `Message-ID: <${randomUUID()}@client.example>`,
    `Date: ${new Date().toUTCString()}`,
    `From: ${from}`,
    `To: ${parent.replyTo?.value[0]?.address ?? REPLY_ADDRESS}`,
    `Subject: Re: ${parent.subject ?? ''}`,
    `In-Reply-To: ${parent.messageId ?? ''}`,
    `References: ${chain.join(' ')}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

let app: InboxApp;
const [sqlite] = INBOX_BACKENDS;
beforeEach(async () => {
  if (sqlite === undefined) throw new Error('SQLite is always a backend');
  app = await startInboxApp(sqlite);
});
afterEach(() => app.close());

it('reads the enquiry, the replies and the answers as one thread, as a mail client threads them (JWZ)', async () => {
  const id = await app.receive({ email: CLIENT });
  const enquiry = await waitFor(() => app.mail.received[0]);
  const send = async (text: string) => {
    const response = await app.call(`leads/${id}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    expect(response.status).toBe(201);
    const queued = (await response.json()) as ReplyQueued;
    return waitFor(() => app.mail.received.find((mail) => mail.messageId === queued.messageId));
  };
  const threads = createReplyThreads({
    secret: TEST_CHALLENGE_SECRET,
    replyAddress: REPLY_ADDRESS,
  });
  const receive = async (raw: string) => {
    const incoming = await readIncoming(Buffer.from(raw), {
      isTruncated: false,
      keys: { messageDomain: DOMAIN, tokenHashesIn: threads.tokenHashesIn },
      now: new Date(),
    });
    expect(await app.store.leads.importMessage(incoming)).toBe('stored');
    return simpleParser(raw);
  };

  const reply = await send('Happy to help. When can we talk?');
  const answer = await receive(answerTo(reply, 'Tuesday works.'));
  const followUp = await send('Tuesday at ten, then.');
  const partner = await receive(answerTo(followUp, 'I will join too.', 'partner@agency.example'));
  // Another conversation with the same subject: never part of this thread.
  const stranger = await simpleParser(
    [
      `Message-ID: <${randomUUID()}@else.example>`,
      `From: someone@else.example`,
      `Subject: ${reply.subject ?? ''}`,
      '',
      'Unrelated',
    ].join('\r\n'),
  );

  const mails = [stranger, partner, followUp, answer, reply, enquiry];
  const found = threadMessages(mails.map(threadable));
  expect(found).toHaveLength(2);
  expect(found).toContainEqual([
    enquiry.messageId,
    reply.messageId,
    answer.messageId,
    followUp.messageId,
    partner.messageId,
  ]);
  expect(found).toContainEqual([stranger.messageId]);

  // The studio's thread holds the same messages, the partner shown as a third party.
  const lead = await app.store.leads.openLead(id);
  expect(lead?.thread.map((message) => [message.direction, message.isThirdParty])).toEqual([
    ['out', false],
    ['in', false],
    ['out', false],
    ['in', true],
  ]);
});
