import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * One lifecycle (docs/decisions/0075-one-lead-lifecycle.md): the stage is the lead's state and
 * `inbox_status` only says where an enquiry is filed and whether anyone has opened it (`new`
 * unread, `read`, `archived`, `spam`). `replied` was a stage in disguise: a replied enquiry
 * becomes `read`, and its lead, if still `new`, `contacted` (a lead row is made for one that had
 * none). Leads gain a value, in integer minor units of an ISO 4217 currency, both or neither.
 */
export function addOneLeadLifecycle(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`
        insert into leads (enquiry_id, stage)
          select id, 'contacted' from enquiries
          where inbox_status = 'replied'
            and not exists (select 1 from leads where leads.enquiry_id = enquiries.id)`.execute(db);
      await sql`
        update leads set stage = 'contacted'
          where stage = 'new'
            and enquiry_id in (select id from enquiries where inbox_status = 'replied')`.execute(
        db,
      );
      await sql`update enquiries set inbox_status = 'read' where inbox_status = 'replied'`.execute(
        db,
      );
      await sql`delete from inbox_counts where inbox_status = 'replied'`.execute(db);
      await (dialect === 'postgres' ? refuseRepliedPostgres(db) : refuseRepliedSqlite(db));

      await db.schema
        .alterTable('leads')
        .addColumn('value_currency', 'text', (column) =>
          column.check(sql`value_currency is null or length(value_currency) = 3`),
        )
        .execute();
      await db.schema
        .alterTable('leads')
        .addColumn('value_amount', dialect === 'postgres' ? 'bigint' : 'integer', (column) =>
          column.check(
            sql`(value_amount is null and value_currency is null) or (value_amount >= 0 and value_currency is not null)`,
          ),
        )
        .execute();
      await db.schema
        .createIndex('leads_follow_up')
        .on('leads')
        .column('follow_up_on')
        .where(sql.ref('follow_up_on'), 'is not', null)
        .execute();
    },
  };
}

/** PostgreSQL replaces the column's check. */
async function refuseRepliedPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiries drop constraint enquiries_inbox_status_check`.execute(db);
  await sql`
    alter table enquiries add constraint enquiries_inbox_status_check
      check (inbox_status in ('new', 'read', 'archived', 'spam'))`.execute(db);
}

/** SQLite cannot change a check without rebuilding the table; triggers refuse the old value. */
async function refuseRepliedSqlite(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update of inbox_status']) {
    const name = event === 'insert' ? 'enquiries_no_replied_insert' : 'enquiries_no_replied_update';
    await sql
      .raw(
        `create trigger ${name} before ${event} on enquiries
          when new.inbox_status = 'replied'
          begin select raise(abort, 'replied is a stage, not an inbox status'); end`,
      )
      .execute(db);
  }
}
