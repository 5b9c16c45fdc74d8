import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';
import type { LeadReplyEmail } from './lead-types';
import { ACKNOWLEDGEMENT_SENDER_NAME } from './queue-acknowledgement';

/** The reply emails of the given thread messages, by message id; a deleted one is missing. */
export async function readReplyEmails(
  db: Kysely<Database>,
  messageIds: readonly string[],
): Promise<Map<string, LeadReplyEmail>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lead_messages')
    .innerJoin('enquiries', 'enquiries.id', 'lead_messages.enquiry_id')
    .select([
      'lead_messages.id',
      'lead_messages.enquiry_id',
      'lead_messages.message_id',
      'lead_messages.in_reply_to',
      'lead_messages.references',
      'lead_messages.to_address',
      'lead_messages.from_name',
      'lead_messages.cc',
      'lead_messages.email_text',
      'lead_messages.subject',
      'lead_messages.text',
      'lead_messages.at',
      'enquiries.name',
      'enquiries.created_at',
    ])
    .where('lead_messages.id', 'in', [...messageIds])
    .execute();
  const files = await db
    .selectFrom('lead_attachments')
    .select(['message_id', 'name', 'type', 'content'])
    .where('message_id', 'in', [...messageIds])
    .orderBy('id')
    .execute();
  const filesOf = (id: string) =>
    files
      .filter((file) => file.message_id === id)
      .map(({ name, type, content }) => ({ name, type, content: Buffer.from(content) }));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        enquiryId: row.enquiry_id,
        threadStartedAt: toDate(row.created_at),
        messageId: row.message_id,
        inReplyTo: row.in_reply_to,
        references: row.references.split(' ').filter((id) => id !== ''),
        fromName: row.from_name ?? ACKNOWLEDGEMENT_SENDER_NAME,
        to: { name: row.name, address: row.to_address },
        cc: row.cc === '' ? [] : row.cc.split(','),
        attachments: filesOf(row.id),
        subject: row.subject,
        text: row.email_text ?? row.text,
        at: toDate(row.at),
      },
    ]),
  );
}

/** Shows a reply's delivery in its thread, within the outbox's transaction. */
export async function recordReplyOutcome(
  trx: Transaction<Database>,
  messageId: string | null | undefined,
  state: 'sent' | 'retrying' | 'failed',
  error: string | null,
): Promise<void> {
  if (messageId == null) return;
  await trx
    .updateTable('lead_messages')
    .set({ state, last_error: error })
    .where('id', '=', messageId)
    .execute();
}
