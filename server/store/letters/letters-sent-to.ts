import type { Kysely } from 'kysely';
import type { PersonLetter } from '../../../common/people';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';

/** The person's page lists this many of the letters sent to them, the latest. */
export const PERSON_LETTERS_MAX = 50;

/**
 * The letters whose copy left for the subscription of that address (lowercased), newest
 * first: those sent, and those that left and then bounced or were complained of.
 */
export async function readLettersSentTo(
  db: Kysely<Database>,
  emailKey: string,
): Promise<PersonLetter[]> {
  const rows = await db
    .selectFrom('letter_recipients')
    .innerJoin('subscribers', 'subscribers.id', 'letter_recipients.subscriber_id')
    .innerJoin('letters', 'letters.id', 'letter_recipients.letter_id')
    .select(['letters.subject', 'letters.slug', 'letter_recipients.sent_at'])
    .where('subscribers.email_key', '=', emailKey)
    .where('letter_recipients.state', 'in', ['sent', 'bounced', 'complained'])
    .where('letter_recipients.sent_at', 'is not', null)
    .orderBy('letter_recipients.sent_at', 'desc')
    .limit(PERSON_LETTERS_MAX)
    .execute();
  return rows.flatMap(({ subject, slug, sent_at: sentAt }) =>
    sentAt === null ? [] : [{ subject, slug, sentAt: toDate(sentAt).toISOString() }],
  );
}
