import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { isSenderVerified } from '../mail/sender-verification';
import { readCalendarReply } from './read-calendar-reply';
import type { IncomingMessage } from '../store/leads/import-message';

/** What ties a message to our threads: our own Message-IDs and the reply addresses. */
export type ThreadKeys = {
  /** The domain of our Message-IDs (MAIL_FROM's). */
  messageDomain: string;
  /** The hashes of the reply tokens among these recipients. */
  tokenHashesIn: (addresses: readonly string[]) => string[];
};

const MESSAGE_ID = /<[^<>\s]+>/g;

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value.flatMap((entry) => (entry.address === undefined ? [] : [entry.address])),
  );
}

/** The addresses the message reached us by: To, Cc and the delivery headers servers add. */
function recipientsOf(parsed: ParsedMail): string[] {
  const delivered = ['delivered-to', 'x-original-to'].flatMap((name) => {
    const value = parsed.headers.get(name);
    return typeof value === 'string' ? [value] : [];
  });
  return [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...delivered];
}

/** In-Reply-To first, then References, each Message-ID once. */
function answersOf(parsed: ParsedMail): string[] {
  const references = Array.isArray(parsed.references)
    ? parsed.references.join(' ')
    : (parsed.references ?? '');
  const ids = `${parsed.inReplyTo ?? ''} ${references}`.match(MESSAGE_ID) ?? [];
  return [...new Set(ids)];
}

/** The ids `pattern` reads out of those Message-IDs among `answers` that are of `domain`. */
function ownIds(answers: readonly string[], pattern: RegExp, domain: string): string[] {
  const lowerDomain = domain.toLowerCase();
  return answers.flatMap((id) => {
    const match = pattern.exec(id);
    return match?.[2]?.toLowerCase() === lowerDomain && match[1] !== undefined ? [match[1]] : [];
  });
}

/** Our enquiries' Message-IDs, the threads' roots: `<enquiry-<id>@<domain>>`. */
const ENQUIRY_ROOT = /^<enquiry-([0-9a-f-]{36})@([^>]+)>$/i;
/** Our emails about a call: `<booking-<bookingId>.<outbox job id>@<domain>>`. */
const BOOKING_EMAIL = /^<booking-([0-9a-f-]{36})\.[^@<>\s]+@([^>]+)>$/i;

/** Whether one of `answers` is a Message-ID of ours, whatever it was for. */
function isAnswerToUs(answers: readonly string[], domain: string): boolean {
  const suffix = `@${domain.toLowerCase()}>`;
  return answers.some((id) => id.toLowerCase().endsWith(suffix));
}

/**
 * The message's text: its text part, or its HTML turned into text. mailparser converts HTML
 * only when it is the message's root or sits beside a text part, so an HTML part among
 * attachments is handed back to it as a message of its own, to be converted the same way.
 */
async function textOf(parsed: ParsedMail): Promise<string> {
  if (parsed.text !== undefined && parsed.text.trim() !== '') return parsed.text.trim();
  if (typeof parsed.html !== 'string') return '';
  const htmlOnly = `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${parsed.html}`;
  const converted = await simpleParser(Buffer.from(htmlOnly, 'utf8'), { skipImageLinks: true });
  return (converted.text ?? '').trim();
}

/**
 * A raw message as the thread keeps it: the text part (HTML turned into text by mailparser,
 * never kept as HTML), the attachments, and the headers that could tie it to a thread. A
 * message cut short (`isTruncated`, over the size kept) keeps its text and loses attachments,
 * which would be broken. Its sender is verified only by the Authentication-Results of the
 * server `authservId` names (IMAP_AUTHSERV_ID); without one, no sender is.
 */
export async function readIncoming(
  source: Buffer,
  options: { isTruncated: boolean; keys: ThreadKeys; now: Date; authservId?: string | null },
): Promise<IncomingMessage> {
  const parsed = await simpleParser(source, { skipImageLinks: true, skipTextToHtml: true });
  const answers = answersOf(parsed);
  const fromAddresses = addressesOf(parsed.from);
  const from = fromAddresses[0] ?? '';
  const digest = createHash('sha256').update(source).digest('hex');
  return {
    // A message without a Message-ID is keyed by its content, so it is still stored once.
    messageId: parsed.messageId ?? `<${digest}@no-message-id>`,
    from,
    to: addressesOf(parsed.to).join(', '),
    // When it reached the studio: the order the thread shows, whatever the sender's clock said.
    at: options.now,
    subject: parsed.subject ?? '',
    text: await textOf(parsed),
    isTruncated: options.isTruncated,
    isVerified: isSenderVerified({
      authservId: options.authservId ?? null,
      headerLines: parsed.headerLines,
      fromAddresses,
    }),
    attachments: options.isTruncated
      ? []
      : parsed.attachments.map((attachment) => ({
          name: attachment.filename ?? 'attachment',
          type: attachment.contentType,
          size: attachment.size,
          content: attachment.content,
        })),
    answers,
    rootEnquiryIds: ownIds(answers, ENQUIRY_ROOT, options.keys.messageDomain),
    bookingIds: ownIds(answers, BOOKING_EMAIL, options.keys.messageDomain),
    isAnswerToUs: isAnswerToUs(answers, options.keys.messageDomain),
    calendarReply: readCalendarReply(parsed.attachments),
    replyTokenHashes: options.keys.tokenHashesIn(recipientsOf(parsed)),
  };
}
