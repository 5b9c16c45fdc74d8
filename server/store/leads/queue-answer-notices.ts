import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { queueOutboxJob } from '../outbox/queue-email';

/**
 * Queues, within the answer's own transaction, the email that tells whoever looks after the
 * lead that its client answered: the owner, or every owner of the studio when the lead has
 * none, each unless they chose the morning digest or nothing. The answer is stored once per
 * Message-ID, so it is told once; the notice names it (`answerId`, its thread message) so the
 * email can carry its words and say whether its sender was verified.
 */
export async function queueAnswerNotices(
  trx: Transaction<Database>,
  answer: { enquiryId: string; answerId: string },
  now: string,
): Promise<void> {
  const { enquiryId, answerId } = answer;
  const lead = await trx
    .selectFrom('leads')
    .select('owner')
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
  const owner = lead?.owner ?? null;
  const recipients = await trx
    .selectFrom('staff')
    .select('email')
    .$if(owner === null, (query) => query.where('role', '=', 'owner'))
    .$if(owner !== null, (query) => query.where('email_key', '=', owner?.toLowerCase() ?? ''))
    .where((eb) => eb.or([eb('notify', 'is', null), eb('notify', '=', 'immediately')]))
    .orderBy('email_key')
    .execute();
  const payload = JSON.stringify({ enquiryId, by: null, answerId });
  for (const { email } of recipients) {
    await queueOutboxJob(trx, { kind: 'lead-answered', recipient: email, payload }, now);
  }
}
