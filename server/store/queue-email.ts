import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from './schema';

/** Puts the enquiry's email in the outbox, due now, within the caller's transaction. */
export async function queueEmail(
  trx: Transaction<Database>,
  enquiryId: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      kind: 'enquiry',
      enquiry_id: enquiryId,
      subscriber_id: null,
      recipient: null,
      payload: null,
      created_at: now,
      available_at: now,
      locked_until: null,
      attempts: 0,
    })
    .execute();
}

/**
 * Moves an enquiry whose email did not go out (held as spam, or failed) back to 'pending' and
 * queues its email. Only a row still in `from` moves, so a second call, or a concurrent one
 * after the row lock, finds none and queues nothing; answers whether it queued.
 */
export async function requeueEnquiryEmail(
  trx: Transaction<Database>,
  enquiryId: string,
  from: 'spam' | 'failed',
): Promise<boolean> {
  const moved = await trx
    .updateTable('enquiries')
    .set({ status: 'pending' })
    .where('id', '=', enquiryId)
    .where('status', '=', from)
    .returning('id')
    .executeTakeFirst();
  if (moved === undefined) return false;
  await queueEmail(trx, enquiryId, new Date().toISOString());
  return true;
}
