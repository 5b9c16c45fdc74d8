import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';
import { toAddressKey } from '../enquiries/address-key';

/** Rows read and written per statement while the existing enquiries gain their key. */
const BATCH = 500;

/**
 * One person, one lead (docs/decisions/0087-one-person-one-lead.md): an enquiry keeps its
 * sender's address as a key (`address_key`, the domain without case) and, when it joined an
 * open lead of the same address, that lead's id (`lead_id`). A joined enquiry is not a lead of
 * its own: the inbox neither lists nor counts it. Calls booked before this release made a lead
 * each; they join the lead their person had open when they booked.
 */
export function addOnePersonOneLead(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('enquiries').addColumn('address_key', 'text').execute();
      await db.schema
        .alterTable('enquiries')
        .addColumn('lead_id', 'text', (column) =>
          column.references('enquiries.id').onDelete('set null'),
        )
        .execute();
      await fillAddressKeys(db);
      await db.schema
        .createIndex('enquiries_address_key')
        .on('enquiries')
        .columns(['address_key', 'created_at'])
        .execute();
      await db.schema
        .createIndex('enquiries_lead')
        .on('enquiries')
        .column('lead_id')
        .where(sql.ref('lead_id'), 'is not', null)
        .execute();
      await joinSplitOffCalls(db);
      await (dialect === 'postgres' ? countLeadsPostgres(db) : countLeadsSqlite(db));
      await sql`
        update inbox_counts set count = (select count(*) from enquiries
          where enquiries.inbox_status = inbox_counts.inbox_status and enquiries.lead_id is null)`.execute(
        db,
      );
    },
  };
}

async function fillAddressKeys(db: Kysely<unknown>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ id: string; email: string }>`
      select id, email from enquiries where address_key is null limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      await sql`update enquiries set address_key = ${toAddressKey(row.email)} where id = ${row.id}`.execute(
        db,
      );
    }
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

/** SQLite: the inbox's counts follow only enquiries that are leads of their own. */
async function countLeadsSqlite(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'enquiries_count_insert',
    'enquiries_count_delete',
    'enquiries_count_update',
  ]) {
    await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await sql`
    create trigger enquiries_count_insert after insert on enquiries when new.lead_id is null begin
      update inbox_counts set count = count + 1 where inbox_status = new.inbox_status;
    end`.execute(db);
  await sql`
    create trigger enquiries_count_delete after delete on enquiries when old.lead_id is null begin
      update inbox_counts set count = count - 1 where inbox_status = old.inbox_status;
    end`.execute(db);
  await sql
    .raw(
      `create trigger enquiries_count_update after update of inbox_status on enquiries
        when old.inbox_status <> new.inbox_status and old.lead_id is null and new.lead_id is null
        begin ${COUNT_MOVE}; end`,
    )
    .execute(db);
  // A joined enquiry whose lead is deleted becomes a lead of its own again (on delete set null).
  await sql`
    create trigger enquiries_count_unjoin after update of lead_id on enquiries
      when old.lead_id is not null and new.lead_id is null begin
      update inbox_counts set count = count + 1 where inbox_status = new.inbox_status;
    end`.execute(db);
  await sql`
    create trigger enquiries_count_join after update of lead_id on enquiries
      when old.lead_id is null and new.lead_id is not null begin
      update inbox_counts set count = count - 1 where inbox_status = old.inbox_status;
    end`.execute(db);
}

const COUNT_MOVE = `update inbox_counts
  set count = count + case when inbox_status = new.inbox_status then 1 else -1 end
  where inbox_status in (old.inbox_status, new.inbox_status)`;

/** PostgreSQL: the same, in the function the triggers run. */
async function countLeadsPostgres(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
    create or replace function inbox_counts_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        if new.lead_id is null then
          update inbox_counts set count = count + 1 where inbox_status = new.inbox_status;
        end if;
      elsif tg_op = 'DELETE' then
        if old.lead_id is null then
          update inbox_counts set count = count - 1 where inbox_status = old.inbox_status;
        end if;
      elsif old.lead_id is null and new.lead_id is null then
        ${COUNT_MOVE};
      elsif old.lead_id is null then
        update inbox_counts set count = count - 1 where inbox_status = old.inbox_status;
      elsif new.lead_id is null then
        update inbox_counts set count = count + 1 where inbox_status = new.inbox_status;
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`drop trigger enquiries_count_update on enquiries`.execute(db);
  await sql`
    create trigger enquiries_count_update after update of inbox_status, lead_id on enquiries
      for each row when (old.inbox_status is distinct from new.inbox_status
                         or old.lead_id is distinct from new.lead_id)
      execute function inbox_counts_follow()`.execute(db);
}
