import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CalendarAnswer } from '../../../common/leads';
import type { Database } from '../db/schema';
import { ensureLeadRow, readLeadIdOf } from './lead-fields';
import { queueAnswerNotices } from './queue-answer-notices';

export type IncomingAttachment = { name: string; type: string; size: number; content: Buffer };

/** A calendar's answer to one of the studio's invitations: whose, to which event, and what. */
export type CalendarReply = {
  /** The event's UID, as the invitation gave it (a booking's `uid`). */
  uid: string;
  /** The attendee's address, from its `mailto:`, lower case. */
  attendee: string;
  answer: CalendarAnswer;
};

/** A message read from the studio's mailbox, parsed, with what could tie it to a thread. */
export type IncomingMessage = {
  /** The sender's Message-ID (or one made from the message's digest when it had none). */
  messageId: string;
  from: string;
  to: string;
  at: Date;
  subject: string;
  text: string;
  isTruncated: boolean;
  /** The studio's mail server vouched for `from` (server/mail/sender-verification.ts). */
  isVerified: boolean;
  attachments: IncomingAttachment[];
  /** In-Reply-To and References, as they came. */
  answers: string[];
  /** Enquiries whose own Message-ID (the thread's root) is among `answers`. */
  rootEnquiryIds: string[];
  /** Calls whose emails to the visitor (invitation, update, cancellation, reminder) it answers. */
  bookingIds: string[];
  /** One of `answers` is a Message-ID of ours: it answers the studio, whatever it names. */
  isAnswerToUs: boolean;
  /** A calendar's reply to a call's invitation that it carries; null when it carries none. */
  calendarReply: CalendarReply | null;
  /** Hashes of the reply tokens in the addresses it was sent to. */
  replyTokenHashes: string[];
};

export type ImportOutcome = 'stored' | 'duplicate' | 'unmatched';

/**
 * The thread a message answers: one whose message (or root) its In-Reply-To/References name,
 * whoever sent it; otherwise one whose reply+<token> address it was sent to, but only when it
 * comes from the enquiry's own address. Never by subject. Neither step trusts the From: that is
 * `isVerified`'s part, and an answer without it is shown as from an unverified sender.
 */
async function findThread(
  trx: Transaction<Database>,
  message: IncomingMessage,
): Promise<string | null> {
  if (message.answers.length > 0) {
    const answered = await trx
      .selectFrom('lead_messages')
      .select('enquiry_id')
      .where('message_id', 'in', message.answers)
      .orderBy('at', 'desc')
      .executeTakeFirst();
    if (answered !== undefined) return answered.enquiry_id;
  }
  if (message.rootEnquiryIds.length > 0) {
    const root = await trx
      .selectFrom('enquiries')
      .select('id')
      .where('id', 'in', message.rootEnquiryIds)
      .executeTakeFirst();
    if (root !== undefined) return root.id;
  }
  if (message.bookingIds.length > 0) {
    const booked = await trx
      .selectFrom('bookings')
      .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
      .select(['enquiries.id', 'enquiries.lead_id'])
      .where('bookings.id', 'in', message.bookingIds)
      .executeTakeFirst();
    // The call's enquiry may have joined its person's lead: the answer goes to that lead.
    if (booked !== undefined) return booked.lead_id ?? booked.id;
  }
  if (message.replyTokenHashes.length === 0) return null;
  const byToken = await trx
    .selectFrom('leads')
    .innerJoin('enquiries', 'enquiries.id', 'leads.enquiry_id')
    .select(['leads.enquiry_id', 'enquiries.email'])
    .where('leads.reply_token_hash', 'in', message.replyTokenHashes)
    .executeTakeFirst();
  const isFromClient = byToken?.email.toLowerCase() === message.from.toLowerCase();
  return byToken !== undefined && isFromClient ? byToken.enquiry_id : null;
}

/**
 * The lead of the call a calendar's reply answers: the booking whose UID it names, when the
 * attendee who answered is the address the call was booked by (anyone may write a UID they
 * saw; only the invited address's answer is the visitor's). Null when no call fits.
 */
async function findCalendarLead(
  trx: Transaction<Database>,
  reply: CalendarReply,
): Promise<string | null> {
  const booked = await trx
    .selectFrom('bookings')
    .innerJoin('enquiries', 'enquiries.id', 'bookings.enquiry_id')
    .select(['enquiries.id', 'enquiries.lead_id', 'bookings.email'])
    .where('bookings.uid', '=', reply.uid)
    .executeTakeFirst();
  if (booked === undefined || booked.email.toLowerCase() !== reply.attendee) return null;
  return booked.lead_id ?? booked.id;
}

/**
 * Stores a received message in its thread, once per Message-ID, and queues the notices of it
 * (queue-answer-notices.ts); within `trx`. Only an answer
 * whose sender is verified moves the lead (new answer, the client waiting for us): anyone can
 * write a From, so an unverified one is kept and shown, and changes nothing else.
 */
export async function importMessage(
  trx: Transaction<Database>,
  message: IncomingMessage,
): Promise<ImportOutcome> {
  const known = await trx
    .selectFrom('lead_messages')
    .select('id')
    .where('message_id', '=', message.messageId)
    .executeTakeFirst();
  if (known !== undefined) return 'duplicate';
  const calendarLead =
    message.calendarReply === null ? null : await findCalendarLead(trx, message.calendarReply);
  // A calendar's reply with no In-Reply-To (some send none) reaches the call's lead by its UID.
  const thread = (await findThread(trx, message)) ?? calendarLead;
  // An answer to an enquiry that joined its person's lead belongs to that lead's thread, and so
  // does one found by a message or token kept under it before it joined (0117).
  const enquiryId = thread === null ? null : await readLeadIdOf(trx, thread);
  if (enquiryId === null) return 'unmatched';
  const calendarAnswer =
    calendarLead === enquiryId ? (message.calendarReply?.answer ?? null) : null;
  const id = randomUUID();
  const at = message.at.toISOString();
  const inserted = await trx
    .insertInto('lead_messages')
    .values({
      id,
      enquiry_id: enquiryId,
      direction: 'in',
      message_id: message.messageId,
      in_reply_to: message.answers[0] ?? null,
      references: message.answers.join(' '),
      from_address: message.from,
      to_address: message.to,
      at,
      subject: message.subject,
      text: message.text,
      state: 'received',
      last_error: null,
      sent_by: null,
      is_truncated: message.isTruncated ? 1 : 0,
      is_verified: message.isVerified ? 1 : 0,
      calendar_answer: calendarAnswer,
    })
    .onConflict((conflict) => conflict.column('message_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return 'duplicate';
  for (const attachment of message.attachments) {
    await trx
      .insertInto('lead_attachments')
      .values({ id: randomUUID(), message_id: id, enquiry_id: enquiryId, ...attachment })
      .execute();
  }
  await queueAnswerNotices(trx, { enquiryId, answerId: id }, new Date().toISOString());
  if (!message.isVerified) return 'stored';
  await ensureLeadRow(trx, enquiryId);
  await trx
    .updateTable('leads')
    .set({ last_direction: 'in', last_message_at: at, unread_reply_at: new Date().toISOString() })
    .where('enquiry_id', '=', enquiryId)
    .execute();
  return 'stored';
}
