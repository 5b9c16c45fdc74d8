import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * One person, one lead (docs/decisions/0087-one-person-one-lead.md): an enquiry keeps its
 * sender's address as a key (`address_key`, the domain without case) and, when it joined an
 * open lead of the same address, that lead's id (`lead_id`). A joined enquiry is not a lead of
 * its own: the inbox neither lists nor counts it. Only the columns, their indexes and the count
 * triggers, so the table is locked for a moment (decision 0094); the rows already there gain
 * their key, and the calls booked before this release join their person's lead, in 0032.
 */
export function addOnePersonOneLead(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('enquiries').addColumn('address_key', 'text').execute();
      await (dialect === 'postgres' ? addLeadIdPostgres(db) : addLeadIdSqlite(db));
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
      await (dialect === 'postgres' ? countLeadsPostgres(db) : countLeadsSqlite(db));
    },
  };
}

/** SQLite adds a column with its reference at once (it checks references as rows change). */
async function addLeadIdSqlite(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('enquiries')
    .addColumn('lead_id', 'text', (column) =>
      column.references('enquiries.id').onDelete('set null'),
    )
    .execute();
}

/**
 * PostgreSQL adds the reference `not valid`: it holds for every row written from now on, and
 * checking the rows already there (all empty) is left to 0032, under a lock that lets writes by.
 */
async function addLeadIdPostgres(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('lead_id', 'text').execute();
  await sql`
    alter table enquiries add constraint enquiries_lead_id_fkey
      foreign key (lead_id) references enquiries (id) on delete set null not valid`.execute(db);
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
