import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ensureLeadRow, readLeadIdOf } from './lead-fields';

/** A reply the studio wrote, with the ids and headers the caller chose for it. */
export type NewReply = {
  /** The thread message's id, chosen by the caller. */
  id: string;
  /** Our Message-ID for it, with angle brackets. */
  messageId: string;
  /** The enquiry's own Message-ID, the thread's root. */
  rootMessageId: string;
  by: string;
  /** The name the email is sent in ("Sam Rivera at Ember & Ink"). */
  fromName: string;
  text: string;
  /** What the email says: the text, the sender's signature and the quoted message. */
  emailText: string;
  /** The addresses it copies. */
  cc: readonly string[];
  /** The files it carries, kept like an answer's and sent with it. */
  attachments: readonly { name: string; type: string; content: Buffer }[];
  /** REPLY_FROM. */
  from: string;
  subject: string;
  /** SHA-256 of the thread's reply token, kept so an answer to that address finds the thread. */
  replyTokenHash: string | null;
  now: Date;
};

/** How many message ids a References header carries at most, the root always among them. */
const REFERENCES_KEPT = 20;

/**
 * The References chain of a new message: the root, then every message of the thread that was
 * sent or received, oldest first (a reply that failed for good never reached anyone).
 */
async function readReferences(
  trx: Transaction<Database>,
  enquiryId: string,
  rootMessageId: string,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('lead_messages')
    .select('message_id')
    .where('enquiry_id', '=', enquiryId)
    .where('state', '!=', 'failed')
    .orderBy('at')
    .orderBy('id')
    .execute();
  const chain = rows.map((row) => row.message_id);
  return [rootMessageId, ...chain.slice(-(REFERENCES_KEPT - 1))];
}

/**
 * Stores the reply in the thread of the enquiry's lead (the one it joined, if it did) and queues
 * its email in the same transaction, files the lead in the inbox as read and moves a `new` lead
 * to `contacted`. Null when there is no such enquiry.
 */
export async function queueReply(
  trx: Transaction<Database>,
  enquiryId: string,
  reply: NewReply,
): Promise<{ id: string; messageId: string; state: 'queued' } | null> {
  const leadId = await readLeadIdOf(trx, enquiryId);
  if (leadId === null) return null;
  const enquiry = await trx
    .updateTable('enquiries')
    .set({ inbox_status: 'read' })
    .where('id', '=', leadId)
    .where('inbox_status', '!=', 'spam')
    .returning(['email'])
    .executeTakeFirst();
  if (enquiry === undefined) return null;
  const now = reply.now.toISOString();
  const references = await readReferences(trx, leadId, reply.rootMessageId);
  await trx
    .insertInto('lead_messages')
    .values({
      id: reply.id,
      enquiry_id: leadId,
      direction: 'out',
      message_id: reply.messageId,
      in_reply_to: references.at(-1) ?? null,
      references: references.join(' '),
      from_address: reply.from,
      from_name: reply.fromName,
      to_address: enquiry.email,
      cc: reply.cc.join(','),
      at: now,
      subject: reply.subject,
      text: reply.text,
      email_text: reply.emailText,
      state: 'queued',
      last_error: null,
      sent_by: reply.by,
      is_truncated: 0,
    })
    .execute();
  for (const file of reply.attachments) {
    await trx
      .insertInto('lead_attachments')
      .values({
        id: randomUUID(),
        message_id: reply.id,
        enquiry_id: leadId,
        name: file.name,
        type: file.type,
        size: file.content.byteLength,
        content: file.content,
      })
      .execute();
  }
  await ensureLeadRow(trx, leadId);
  await trx
    .updateTable('leads')
    .set((eb) => ({
      stage: eb
        .case()
        .when('stage', '=', 'new')
        .then('contacted' as const)
        .else(eb.ref('stage'))
        .end(),
      reply_token_hash: eb.fn.coalesce('reply_token_hash', eb.val(reply.replyTokenHash)),
      last_direction: 'out',
      last_message_at: now,
      unread_reply_at: null,
    }))
    .where('enquiry_id', '=', leadId)
    .execute();
  await trx
    .insertInto('outbox')
    .values({
      id: reply.id,
      kind: 'lead-reply',
      enquiry_id: null,
      subscriber_id: null,
      recipient: enquiry.email,
      payload: null,
      lead_message_id: reply.id,
      created_at: now,
      available_at: now,
      locked_until: null,
      attempts: 0,
    })
    .execute();
  return { id: reply.id, messageId: reply.messageId, state: 'queued' };
}
