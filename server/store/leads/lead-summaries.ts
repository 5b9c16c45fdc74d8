import { sql, type Kysely } from 'kysely';
import type { LeadSummary } from '../../../common/leads';
import { OPEN_STATUSES } from '../../../common/studio-inbox';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';
import { ENQUIRY_COLUMNS, toInboxEnquiry } from '../inbox/inbox-enquiry-row';
import type { InboxEnquiry } from '../inbox/inbox-types';
import { toLeadValue } from './lead-value-columns';

/** An enquiry without a lead row: a new lead, nobody's yet, the client waiting since it came. */
function toSummary(row: {
  created_at: Date | string;
  stage: LeadSummary['stage'] | null;
  owner: string | null;
  follow_up_on: string | null;
  value_amount: number | string | null;
  value_currency: string | null;
  unread_reply_at: Date | string | null;
  last_direction: 'in' | 'out' | null;
  last_message_at: Date | string | null;
  /** PostgreSQL's boolean, SQLite's 0 or 1. */
  is_returning: boolean | number;
}): LeadSummary {
  const isClientLast = row.last_direction !== 'out';
  const since = row.last_direction === 'in' ? row.last_message_at : row.created_at;
  return {
    stage: row.stage ?? 'new',
    owner: row.owner,
    followUpOn: row.follow_up_on,
    value: toLeadValue(row.value_amount, row.value_currency),
    hasNewReply: row.unread_reply_at !== null,
    waitingSince: isClientLast && since !== null ? toDate(since).toISOString() : null,
    isReturning: Boolean(row.is_returning),
  };
}

function selectLeads(db: Kysely<Database>) {
  return db
    .selectFrom('enquiries')
    .leftJoin('leads', 'leads.enquiry_id', 'enquiries.id')
    .select([
      ...ENQUIRY_COLUMNS,
      'leads.stage',
      'leads.owner',
      'leads.follow_up_on',
      'leads.value_amount',
      'leads.value_currency',
      'leads.unread_reply_at',
      'leads.last_direction',
      'leads.last_message_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('enquiries as earlier')
            .innerJoin('leads as closed', 'closed.enquiry_id', 'earlier.id')
            .select('earlier.id')
            .whereRef('earlier.address_key', '=', 'enquiries.address_key')
            .whereRef('earlier.created_at', '<', 'enquiries.created_at')
            .where('earlier.lead_id', 'is', null)
            .where('earlier.inbox_status', '<>', 'spam')
            .where('closed.stage', 'in', ['won', 'lost']),
        )
        .as('is_returning'),
    );
}

/** The lead summaries of the given enquiries, by id. */
export async function summarizeLeads(
  db: Kysely<Database>,
  enquiryIds: readonly string[],
): Promise<Map<string, LeadSummary>> {
  if (enquiryIds.length === 0) return new Map();
  const rows = await selectLeads(db)
    .where('enquiries.id', 'in', [...enquiryIds])
    .execute();
  return new Map(rows.map((row) => [row.id, toSummary(row)]));
}

/**
 * The open leads whose client spoke last (the enquiry itself, or an answer), the longest
 * waiting first; won and lost leads, archived enquiries and spam wait for nobody.
 */
export async function listWaiting(
  db: Kysely<Database>,
  limit: number,
): Promise<{ enquiry: InboxEnquiry; summary: LeadSummary }[]> {
  const rows = await selectLeads(db)
    // An enquiry that joined an open lead waits as that lead, not beside it.
    .where('enquiries.lead_id', 'is', null)
    .where('enquiries.inbox_status', 'in', OPEN_STATUSES)
    .where((eb) =>
      eb.or([eb('leads.stage', 'is', null), eb('leads.stage', 'not in', ['won', 'lost'])]),
    )
    .where((eb) =>
      eb.or([eb('leads.last_direction', 'is', null), eb('leads.last_direction', '=', 'in')]),
    )
    .orderBy(sql`coalesce(leads.last_message_at, enquiries.created_at)`)
    .orderBy('enquiries.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ enquiry: toInboxEnquiry(row), summary: toSummary(row) }));
}
