import { randomUUID } from 'node:crypto';
import type { Log, LogFields, LogLevel } from '../../../server/log';
import {
  startMailboxWatch,
  type MailboxWatch,
  type MailboxWatchOptions,
} from '../../../server/mailbox/start-mailbox-watch';
import type { Store } from '../../../server/store/store';
import type { Dovecot } from '../../support/dovecot';
import { rawMessage } from './raw-message';

/** The studio's domain: its Message-IDs and its reply address. */
export const MAIL_DOMAIN = 'emberandink.example';
/** The client who sent the enquiry and answers the studio's reply. */
export const CLIENT = 'client@example.com';

/** A line the watch logged, with the time it was said. */
export type WatchLogLine = { at: number; level: LogLevel; message: string; fields?: LogFields };

/** A log that keeps each line, with its time, in `lines`. */
export function recordLog(lines: WatchLogLine[]): Log {
  return (level, message, fields) => lines.push({ at: Date.now(), level, message, fields });
}

export type TestWatchOptions = Omit<
  MailboxWatchOptions,
  'allowPlainText' | 'keys' | 'log' | 'pollIntervalMs' | 'letterReports'
> & {
  /** Where reports about letters go; none is known unless given. */
  letterReports?: MailboxWatchOptions['letterReports'];
  /** The reply tokens among the recipients; none unless given. */
  tokenHashesIn?: MailboxWatchOptions['keys']['tokenHashesIn'];
  /** Silent unless given. */
  log?: Log;
};

/**
 * A watch as the server starts one for the studio's domain (plain text refused off loopback),
 * reading every 200 ms; the pace of its lock checks, retries and the rest is each test's own.
 */
export function startTestWatch(options: TestWatchOptions): MailboxWatch {
  const {
    tokenHashesIn = () => [],
    log = () => undefined,
    letterReports = { markCopyUndeliverable: () => Promise.resolve(false) },
    ...rest
  } = options;
  return startMailboxWatch({
    letterReports,
    allowPlainText: false,
    keys: { messageDomain: MAIL_DOMAIN, tokenHashesIn },
    log,
    pollIntervalMs: 200,
    ...rest,
  });
}

/** An enquiry from the client that the studio has answered: the thread the answers join. */
export type AnsweredEnquiry = { enquiryId: string; replyMessageId: string };

/** Saves the client's enquiry and queues the studio's reply to it, signed with a token or not. */
export async function openAnsweredEnquiry(
  store: Pick<Store, 'saveEnquiry' | 'leads'>,
  replyTokenHashFor: (enquiryId: string) => string | null = () => null,
): Promise<AnsweredEnquiry> {
  const saved = await store.saveEnquiry({
    message: { name: 'Ann Lee', email: CLIENT, service: 'Brand Strategy', message: 'Hello' },
    isSpam: false,
    clientIp: '203.0.113.7',
    userAgent: null,
    idempotency: null,
  });
  if (saved.kind !== 'created') throw new Error('expected an enquiry');
  const id = randomUUID();
  const replyMessageId = `<reply-${id}@${MAIL_DOMAIN}>`;
  await store.leads.queueReply(saved.id, {
    id,
    messageId: replyMessageId,
    rootMessageId: `<enquiry-${saved.id}@${MAIL_DOMAIN}>`,
    by: `ana@${MAIL_DOMAIN}`,
    fromName: 'Ana at Ember & Ink',
    text: 'When can we talk?',
    emailText: 'When can we talk?',
    cc: [],
    attachments: [],
    from: `hello@${MAIL_DOMAIN}`,
    subject: 'Re: Your enquiry to Ember & Ink',
    replyTokenHash: replyTokenHashFor(saved.id),
    now: new Date(),
  });
  return { enquiryId: saved.id, replyMessageId };
}

/** A message from the client to the studio's reply address. */
export function clientMessage(headers: Record<string, string>, body: string): string {
  return rawMessage({ From: CLIENT, To: `reply@${MAIL_DOMAIN}`, ...headers }, body);
}

/** The messages of the enquiry's thread that came in from outside, oldest first. */
export async function readAnswers(leads: Store['leads'], enquiryId: string) {
  const thread = (await leads.openLead(enquiryId))?.thread ?? [];
  return thread.filter((message) => message.direction === 'in');
}

/** Deletes every message in INBOX, so the next test starts from an empty mailbox. */
export async function emptyInbox(dovecot: Dovecot): Promise<void> {
  const client = await dovecot.connect();
  await client.mailboxOpen('INBOX');
  await client.messageDelete('1:*');
  await client.logout();
}
