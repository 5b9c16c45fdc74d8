import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { queueOutboxJob } from '../outbox/queue-email';

/**
 * Within the transaction that saved a new lead (`leadId`, an enquiry or a booked call that joined
 * no open lead), queues the email that tells the owner of the same person's last closed lead
 * (won or lost) that they are back, while that owner is on the staff. A first-time client, or
 * one whose last lead nobody owned, tells nobody: the new lead is in the inbox.
 */
export async function queueReturnNotice(
  trx: Transaction<Database>,
  lead: { id: string; addressKey: string },
  now: string,
): Promise<void> {
  const last = await trx
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .leftJoin('staff', (join) => join.on('staff.email_key', '=', sql<string>`lower(leads.owner)`))
    .select('staff.email')
    .where('enquiries.address_key', '=', lead.addressKey)
    .where('enquiries.id', '<>', lead.id)
    .where('enquiries.lead_id', 'is', null)
    .where('enquiries.inbox_status', '<>', 'spam')
    .where('leads.stage', 'in', ['won', 'lost'])
    .orderBy('enquiries.created_at', 'desc')
    .orderBy('enquiries.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last?.email == null) return;
  const payload = JSON.stringify({ enquiryId: lead.id, by: null });
  await queueOutboxJob(trx, { kind: 'lead-returned', recipient: last.email, payload }, now);
}
