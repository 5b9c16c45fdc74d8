import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';

/** The message a new reply answers, as its quote names it. */
export type AnsweredMessage = { at: Date; name: string; text: string };

/**
 * The client's last word: the latest answer received in the thread, else the enquiry itself.
 * Null when there is no such enquiry.
 */
export async function readAnsweredMessage(
  db: Kysely<Database>,
  enquiryId: string,
): Promise<AnsweredMessage | null> {
  const enquiry = await db
    .selectFrom('enquiries')
    .select(['name', 'email', 'message', 'created_at'])
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  if (enquiry === undefined) return null;
  const answer = await db
    .selectFrom('lead_messages')
    .select(['from_address', 'text', 'at'])
    .where('enquiry_id', '=', enquiryId)
    .where('direction', '=', 'in')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (answer === undefined) {
    return { at: toDate(enquiry.created_at), name: enquiry.name, text: enquiry.message };
  }
  const isClient = answer.from_address.toLowerCase() === enquiry.email.toLowerCase();
  return {
    at: toDate(answer.at),
    name: isClient ? enquiry.name : answer.from_address,
    text: answer.text,
  };
}
