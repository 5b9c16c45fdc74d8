import type { Kysely } from 'kysely';
import type { Lead, ThreadAttachment } from '../../../common/leads';
import type { Database } from '../db/schema';
import { toLeadNote, toThreadMessage } from './lead-rows';

/** The enquiry's lead: its fields (defaults without a row), notes and thread, oldest first. */
export async function readLead(db: Kysely<Database>, enquiryId: string): Promise<Lead | null> {
  const enquiry = await db
    .selectFrom('enquiries')
    .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .select(['enquiries.email', 'leads.stage', 'leads.owner', 'leads.follow_up_on'])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  if (enquiry === undefined) return null;
  const [notes, messages, attachments] = await Promise.all([
    db
      .selectFrom('lead_notes')
      .selectAll()
      .where('enquiry_id', '=', enquiryId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lead_messages')
      .selectAll()
      .where('enquiry_id', '=', enquiryId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('lead_attachments')
      .select(['id', 'message_id', 'name', 'size', 'type'])
      .where('enquiry_id', '=', enquiryId)
      .orderBy('id')
      .execute(),
  ]);
  const byMessage = new Map<string, ThreadAttachment[]>();
  for (const { message_id, ...attachment } of attachments) {
    byMessage.set(message_id, [...(byMessage.get(message_id) ?? []), attachment]);
  }
  return {
    stage: enquiry.stage ?? 'new',
    owner: enquiry.owner,
    followUpOn: enquiry.follow_up_on,
    notes: notes.map(toLeadNote),
    thread: messages.map((row) => toThreadMessage(row, enquiry.email, byMessage.get(row.id) ?? [])),
  };
}
