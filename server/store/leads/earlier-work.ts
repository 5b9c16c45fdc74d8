import type { Kysely } from 'kysely';
import type { EarlierLead } from '../../../common/studio-inbox';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';
import { toLeadValue } from './lead-value-columns';

/** At most this many earlier leads are listed with a lead. */
const EARLIER_LIMIT = 20;

/**
 * The closed leads (won or lost) of the same person as the lead `leadId`, newest first: the
 * work done for them before (0087). Spam and the enquiries that joined a lead are not leads.
 */
export async function listEarlierWork(
  db: Kysely<Database>,
  leadId: string,
): Promise<EarlierLead[]> {
  const rows = await db
    .selectFrom('enquiries as lead')
    .innerJoin('enquiries', 'enquiries.address_key', 'lead.address_key')
    .innerJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .select([
      'enquiries.id',
      'enquiries.created_at',
      'leads.stage',
      'leads.value_amount',
      'leads.value_currency',
    ])
    .where('lead.id', '=', leadId)
    .where('enquiries.id', '<>', leadId)
    .where('enquiries.lead_id', 'is', null)
    .where('enquiries.inbox_status', '<>', 'spam')
    .where('leads.stage', 'in', ['won', 'lost'])
    .orderBy('enquiries.created_at', 'desc')
    .orderBy('enquiries.id', 'desc')
    .limit(EARLIER_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    stage: row.stage,
    value: toLeadValue(row.value_amount, row.value_currency),
    receivedAt: toDate(row.created_at).toISOString(),
  }));
}
