import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';
import { toAddressKey } from '../enquiries/address-key';

/** Rows read and written per statement while the existing enquiries gain their key. */
const BATCH = 500;

/**
 * One person, one lead, for the rows written before it (docs/decisions/0087-one-person-one-lead.md):
 * each enquiry gains its address key, and each lead that a call split off joins the lead its
 * person had open when they booked. Rows only, no table lock: new enquiries are taken while it
 * runs (decision 0094); the count triggers of 0030 move the inbox's counts as leads join.
 */
export function fillOnePersonOneLead(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await fillAddressKeys(db);
      await joinSplitOffCalls(db);
      if (dialect === 'postgres') {
        await sql`alter table enquiries validate constraint enquiries_lead_id_fkey`.execute(db);
      }
    },
  };
}

/**
 * Each enquiry already there gains its key, a batch of rows per statement: a row at a time was
 * a hundred thousand statements, 30 s for a large inbox.
 */
async function fillAddressKeys(db: Kysely<unknown>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ id: string; email: string }>`
      select id, email from enquiries where address_key is null limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const keys = sql.join(rows.map((row) => sql`(${row.id}, ${toAddressKey(row.email)})`));
    await sql`
      with keyed (id, address_key) as (values ${keys})
      update enquiries set address_key = keyed.address_key
        from keyed where enquiries.id = keyed.id`.execute(db);
  }
}

type LeadRow = {
  id: string;
  address_key: string;
  created_at: string | Date;
  stage: string | null;
  stage_changed_at: string | Date | null;
  is_call: number | string | boolean;
};

const CLOSED = new Set(['won', 'lost']);

const time = (value: string | Date): number => new Date(value).getTime();

/** Open when `at`: not closed yet, or closed only after it. */
function wasOpenAt(lead: LeadRow, at: number): boolean {
  if (lead.stage === null || !CLOSED.has(lead.stage)) return true;
  return lead.stage_changed_at !== null && time(lead.stage_changed_at) > at;
}

/**
 * Each lead a call split off (an enquiry that a booking made) joins the latest earlier lead of
 * its address that was open when it was booked; the person's first call, with no such lead,
 * stays the lead the later ones join.
 */
async function joinSplitOffCalls(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<LeadRow>`
    select enquiries.id, enquiries.address_key, enquiries.created_at, leads.stage,
           leads.stage_changed_at,
           exists (select 1 from bookings where bookings.enquiry_id = enquiries.id) as is_call
      from enquiries left join leads on leads.enquiry_id = enquiries.id
      where enquiries.inbox_status <> 'spam'
        and enquiries.address_key in (
          select e.address_key from enquiries e join bookings b on b.enquiry_id = e.id)
      order by enquiries.address_key, enquiries.created_at, enquiries.id`.execute(db);
  const leadsOfAddress = new Map<string, LeadRow[]>();
  for (const row of rows) {
    const earlier = leadsOfAddress.get(row.address_key) ?? [];
    const at = time(row.created_at);
    // PostgreSQL answers `exists` as a boolean, SQLite as 0 or 1.
    const isCall = Number(row.is_call) === 1;
    const joined = isCall ? earlier.findLast((lead) => wasOpenAt(lead, at)) : undefined;
    if (joined === undefined) leadsOfAddress.set(row.address_key, [...earlier, row]);
    else await sql`update enquiries set lead_id = ${joined.id} where id = ${row.id}`.execute(db);
  }
}
