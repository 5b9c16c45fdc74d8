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
