import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { queueEmail } from '../outbox/queue-email';
import type { Database, SqlDialect } from '../db/schema';
import { toAddressKey } from './address-key';
import { joinOpenLead } from './join-open-lead';
import { meetPerson } from '../people/meet-person';
import { queueAcknowledgement } from '../leads/queue-acknowledgement';
import { queueReturnNotice } from '../leads/queue-return-notice';
import { spendChallenge } from '../limits/spend-challenge';
import type { NewEnquiry, SaveEnquiryResult } from './enquiry-types';

/**
 * Spends the enquiry's challenge, then writes the enquiry and (unless spam) its outbox row and
 * the acknowledgement the studio may send its sender, all within the caller's transaction: the shared check costs no round trip of its own.
 * One that is not spam joins the open lead of its address, if there is one (0087); one that opens
 * a lead for a client whose earlier lead closed tells that lead's owner they are back.
 */
export async function insertEnquiry(
  trx: Transaction<Database>,
  dialect: SqlDialect,
  enquiry: NewEnquiry,
): Promise<SaveEnquiryResult> {
  const now = new Date().toISOString();
  const id = randomUUID();
  // Insert first: the write lock is taken by the first statement (no read-then-write
  // upgrade on SQLite), and the unique keys settle concurrent identical requests. A retry
  // that is answered as replayed below still spends its own fresh solution, as a check
  // before the save would have.
  const claim = enquiry.challenge ?? null;
  const isSolutionReplayed = claim !== null && !(await spendChallenge(trx, claim));
  const isSpam = enquiry.isSpam || isSolutionReplayed;
  const addressKey = toAddressKey(enquiry.message.email);
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
      status: isSpam ? 'spam' : 'pending',
      inbox_status: isSpam ? 'spam' : 'new',
      attempts: 0,
      last_error: null,
      sent_at: null,
      address_key: addressKey,
      lead_id: null,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();

  if (inserted !== undefined) {
    const leadId = isSpam ? id : await joinOpenLead(trx, dialect, { id, addressKey });
    if (!isSpam) {
      const { name, email } = enquiry.message;
      await meetPerson(trx, { addressKey, name, email, at: now }, { isNews: true });
      if (enquiry.isToldByItsCall !== true) await queueEmail(trx, id, now);
      if (leadId === id) await queueReturnNotice(trx, { id, addressKey }, now);
      if (enquiry.sender !== undefined) {
        const { name, email, service } = enquiry.message;
        const acknowledged = { id, leadId, name, email, service, at: now };
        await queueAcknowledgement(trx, acknowledged, enquiry.sender);
      }
    }
    return { kind: 'created', id, leadId, isSpam, isSolutionReplayed };
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
