import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { queueEmail } from '../outbox/queue-email';
import { queueBookingEmails } from './booking-emails';
import { toBooking } from './booking-row';

/**
 * Queues the email that tells the studio of an enquiry, within the caller's transaction. A call's
 * enquiry is told by the call's own "Call booked" email, with its invitation (0089), so sending
 * it again sends that email, at the call's time and SEQUENCE now; once the call is cancelled an
 * invitation would put it back in the studio's calendar, so the plain enquiry email goes instead.
 */
export async function queueEnquiryNews(
  trx: Transaction<Database>,
  enquiryId: string,
  now: string,
): Promise<void> {
  const call = await trx
    .selectFrom('bookings')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .where('state', '<>', 'cancelled')
    .executeTakeFirst();
  if (call === undefined) return queueEmail(trx, enquiryId, now);
  await queueBookingEmails(trx, toBooking(call), 'invitation', ['studio'], { now });
}

/**
 * Moves an enquiry whose email did not go out (held as spam, or failed) back to 'pending' and
 * queues its news again. Only a row still in `from` moves, so a second call, or a concurrent one
 * after the row lock, finds none and queues nothing; answers whether it queued.
 */
export async function requeueEnquiryNews(
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
  await queueEnquiryNews(trx, enquiryId, new Date().toISOString());
  return true;
}
