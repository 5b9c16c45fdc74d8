import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { queueEmail } from './queue-email';
import type { Database } from './schema';
import type { NewEnquiry, SaveEnquiryResult } from './store';

/** Writes the enquiry and (unless spam) its outbox row within the caller's transaction. */
export async function insertEnquiry(
  trx: Transaction<Database>,
  enquiry: NewEnquiry,
): Promise<SaveEnquiryResult> {
  const now = new Date().toISOString();
  const id = randomUUID();
  // Insert first: the write lock is taken by the first statement (no read-then-write
  // upgrade on SQLite), and the unique key settles concurrent identical requests.
  const inserted = await trx
    .insertInto('enquiries')
    .values({
      id,
      created_at: now,
      ...enquiry.message,
      client_ip: enquiry.clientIp,
      user_agent: enquiry.userAgent,
      idempotency_key: enquiry.idempotency?.key ?? null,
      body_hash: enquiry.idempotency?.bodyHash ?? null,
      status: enquiry.isSpam ? 'spam' : 'pending',
      inbox_status: enquiry.isSpam ? 'spam' : 'new',
      attempts: 0,
      last_error: null,
      sent_at: null,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();

  if (inserted !== undefined) {
    if (!enquiry.isSpam) await queueEmail(trx, id, now);
    return { kind: 'created', id };
  }

  const original = await trx
    .selectFrom('enquiries')
    .select(['id', 'body_hash'])
    .where('idempotency_key', '=', enquiry.idempotency?.key ?? null)
    .executeTakeFirstOrThrow();
  return original.body_hash === enquiry.idempotency?.bodyHash
    ? { kind: 'replayed', id: original.id }
    : { kind: 'conflict' };
}
