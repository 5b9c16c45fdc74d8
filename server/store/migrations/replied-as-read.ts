import { sql, type Kysely } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * An instance of a release before the one lifecycle (decision 0075) still writes `replied` as
 * an inbox status while it serves beside a newer one (a rolling upgrade, or a rollback), and
 * moves the lead itself only when it sends a reply. The database files such a write as the
 * lifecycle means it, so neither release fails and neither sees a status it does not know:
 * the enquiry `read`, its lead `contacted` if it was `new` or had no row (as migration 0026
 * turned the older rows). Decision 0093; a contract migration drops these triggers once no
 * release in the field writes `replied`.
 */
export async function fileRepliedAsRead(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await (dialect === 'postgres' ? fileRepliedAsReadPostgres(db) : fileRepliedAsReadSqlite(db));
}

/**
 * A BEFORE trigger changes the row before PostgreSQL checks it, so the narrower check stays.
 * Only an update moves the lead: its row cannot reference an enquiry not yet inserted, and no
 * release ever inserted an enquiry as `replied`.
 */
async function fileRepliedAsReadPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function enquiries_replied_as_read() returns trigger language plpgsql as $$
    begin
      if new.inbox_status = 'replied' then
        new.inbox_status := 'read';
        if tg_op = 'UPDATE' then
          insert into leads (enquiry_id, stage) values (new.id, 'contacted')
            on conflict (enquiry_id) do update set stage = 'contacted' where leads.stage = 'new';
        end if;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create or replace trigger enquiries_replied_as_read
      before insert or update of inbox_status on enquiries
      for each row execute function enquiries_replied_as_read()`.execute(db);
}

/**
 * SQLite's triggers cannot change the row being written, so the row is stored as `replied`
 * (0003's check still allows it) and changed at once; the inbox counts' triggers see both steps.
 */
async function fileRepliedAsReadSqlite(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger if not exists enquiries_replied_as_read_insert after insert on enquiries
      when new.inbox_status = 'replied'
      begin update enquiries set inbox_status = 'read' where rowid = new.rowid; end`.execute(db);
  await sql`
    create trigger if not exists enquiries_replied_as_read_update
      after update of inbox_status on enquiries
      when new.inbox_status = 'replied'
      begin
        insert or ignore into leads (enquiry_id, stage) values (new.id, 'contacted');
        update leads set stage = 'contacted' where enquiry_id = new.id and stage = 'new';
        update enquiries set inbox_status = 'read' where rowid = new.rowid;
      end`.execute(db);
}
