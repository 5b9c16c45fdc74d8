import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';
import { fileRepliedAsRead } from './replied-as-read';

/**
 * One lifecycle (docs/decisions/0075-one-lead-lifecycle.md): the stage is the lead's state and
 * `inbox_status` only says where an enquiry is filed and whether anyone has opened it (`new`
 * unread, `read`, `archived`, `spam`). `replied` was a stage in disguise: a replied enquiry
 * becomes `read`, and its lead, if still `new`, `contacted` (a lead row is made for one that had
 * none). Leads gain a value, in integer minor units of an ISO 4217 currency, both or neither.
 *
 * As first shipped it also refused `replied` (a rebuilt check on PostgreSQL, validated under an
 * exclusive lock; triggers on SQLite), failing the writes of the release still running beside
 * it. It now files them as read instead and adds the narrower check without validating it;
 * 0040 and 0041 bring databases that ran either version to the same schema (decision 0093).
 */
export function addOneLeadLifecycle(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The rows first, under row locks alone: new enquiries and sign-ins go on meanwhile.
      await turnRepliedIntoRead(db);
      // Then the trigger, whose lock waits for every write already begun, and the check; both
      // locks are held to the end of this migration, so what follows is short: turning the
      // few `replied` rows written since the first pass, none after.
      await fileRepliedAsRead(db, dialect);
      if (dialect === 'postgres') await narrowInboxStatusCheck(db);
      await turnRepliedIntoRead(db);
      await sql`delete from inbox_counts where inbox_status = 'replied'`.execute(db);

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

/** Each `replied` enquiry becomes `read`, its lead `contacted` if `new` or without a row. */
async function turnRepliedIntoRead(db: Kysely<unknown>): Promise<void> {
  await sql`
    insert into leads (enquiry_id, stage)
      select id, 'contacted' from enquiries
      where inbox_status = 'replied'
        and not exists (select 1 from leads where leads.enquiry_id = enquiries.id)`.execute(db);
  await sql`
    update leads set stage = 'contacted'
      where stage = 'new'
        and enquiry_id in (select id from enquiries where inbox_status = 'replied')`.execute(db);
  await sql`update enquiries set inbox_status = 'read' where inbox_status = 'replied'`.execute(db);
}

/**
 * PostgreSQL replaces the column's check. NOT VALID: the rows are not read under this lock,
 * only new writes are checked (after the trigger filed `replied` as read); 0041 validates.
 */
async function narrowInboxStatusCheck(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enquiries drop constraint enquiries_inbox_status_check`.execute(db);
  await sql`
    alter table enquiries add constraint enquiries_inbox_status_check
      check (inbox_status in ('new', 'read', 'archived', 'spam')) not valid`.execute(db);
}
