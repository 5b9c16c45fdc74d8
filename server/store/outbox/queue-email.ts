import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * One email for the outbox: an enquiry's to the studio, a confirmation to a subscriber, or a
 * notice to a staff member about their own account.
 */
export type OutboxJob =
  | { kind: 'enquiry'; enquiryId: string }
  | { kind: 'newsletter-confirmation'; subscriberId: string; recipient: string; payload: string }
  | { kind: 'staff-notice'; recipient: string; payload: string }
  /** A lead given to a colleague; the payload names the lead and who gave it. */
  | { kind: 'lead-assigned'; recipient: string; payload: string }
  /** A client's answer in a lead's thread, told to one of the staff; the payload names the lead. */
  | { kind: 'lead-answered'; recipient: string; payload: string }
  /** A client back after their lead closed, told to that lead's owner; the payload names the new lead. */
  | { kind: 'lead-returned'; recipient: string; payload: string }
  /**
   * A booking's invitation, update, cancellation or reminder; the payload names the booking.
   * The studio's email of a new call carries the call's enquiry: it is how the studio is told
   * of that enquiry, so its delivery is the enquiry's (sent, retrying, failed).
   */
  | { kind: 'booking'; payload: string; enquiryId?: string };

/** Puts one email in the outbox, due now, within the caller's transaction. */
export async function queueOutboxJob(
  trx: Transaction<Database>,
  job: OutboxJob,
  now: string,
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      id: randomUUID(),
      kind: job.kind,
      enquiry_id: job.kind === 'enquiry' || job.kind === 'booking' ? (job.enquiryId ?? null) : null,
      subscriber_id: job.kind === 'newsletter-confirmation' ? job.subscriberId : null,
      recipient: 'recipient' in job ? job.recipient : null,
      payload: job.kind === 'enquiry' ? null : job.payload,
      lead_message_id: null,
      created_at: now,
      available_at: now,
      locked_until: null,
      attempts: 0,
    })
    .execute();
}

/** Puts the enquiry's email in the outbox, due now, within the caller's transaction. */
export function queueEmail(
  trx: Transaction<Database>,
  enquiryId: string,
  now: string,
): Promise<void> {
  return queueOutboxJob(trx, { kind: 'enquiry', enquiryId }, now);
}
