import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * What PostgreSQL's search index sees: name, email and message, with ASCII punctuation turned
 * into spaces so that `ann.lee@example.com` is found by `ann`, `lee` or `example`, as FTS5
 * finds it. ([[:punct:]] would also cut words at Indic vowel signs in a C.UTF-8 database.)
 */
const SEARCH_DOCUMENT =
  "regexp_replace(name || ' ' || email || ' ' || message, '[!-/:-@[-`{-~]', ' ', 'g')";

/**
 * unicode61 with marks kept inside words (as PostgreSQL's parser keeps them) and without
 * folding diacritics (which PostgreSQL's 'simple' configuration does not do either), so both
 * stores find the same enquiries. The prefix indexes make the two- and three-letter prefixes
 * that a search box sends while someone types cheap.
 */
const FTS5_OPTIONS = `content='enquiries', content_rowid='search_rowid', tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'", prefix='2 3'`;

const STATUS_CHECK = `inbox_status in ('new', 'read', 'replied', 'archived', 'spam')`;

/**
 * One page of one folder, newest first, with or without a service filter, is one index range.
 * On SQLite the key the search index uses rides along, so a search checks each candidate in
 * the index alone and reads only the rows it shows.
 */
async function addListIndexes(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  const searchKey = dialect === 'sqlite' ? ['search_rowid'] : [];
  await db.schema
    .createIndex('enquiries_inbox')
    .on('enquiries')
    .columns(['inbox_status', 'created_at', 'id', ...searchKey])
    .execute();
  await db.schema
    .createIndex('enquiries_inbox_service')
    .on('enquiries')
    .columns(['service', 'inbox_status', 'created_at', 'id', ...searchKey])
    .execute();
  // Given-up emails are few; the mail-health check reads them on every page of the inbox.
  await db.schema
    .createIndex('enquiries_given_up')
    .on('enquiries')
    .column('created_at')
    .where(sql.ref('status'), '=', 'failed')
    .execute();
}

/**
 * Counting a folder of 60,000 enquiries walks 60,000 index entries, and the inbox shows every
 * folder's count with every page; so the counts live in a table the triggers keep current.
 * A status change adjusts both rows in one statement, so two opposite changes lock them in
 * the same order and cannot deadlock.
 */
async function createCountsTable(db: Kysely<unknown>): Promise<void> {
  await sql`create table inbox_counts (inbox_status text primary key, count bigint not null)`.execute(
    db,
  );
  for (const status of ['new', 'read', 'replied', 'archived', 'spam']) {
    await sql`
      insert into inbox_counts (inbox_status, count)
        values (${status}, (select count(*) from enquiries where inbox_status = ${status}))`.execute(
      db,
    );
  }
}

const COUNT_MOVE = `update inbox_counts
  set count = count + case when inbox_status = new.inbox_status then 1 else -1 end
  where inbox_status in (old.inbox_status, new.inbox_status)`;

async function addSqliteCounts(db: Kysely<unknown>): Promise<void> {
  await createCountsTable(db);
  await sql`
    create trigger enquiries_count_insert after insert on enquiries begin
      update inbox_counts set count = count + 1 where inbox_status = new.inbox_status;
    end`.execute(db);
  await sql`
    create trigger enquiries_count_delete after delete on enquiries begin
      update inbox_counts set count = count - 1 where inbox_status = old.inbox_status;
    end`.execute(db);
  await sql
    .raw(
      `create trigger enquiries_count_update after update of inbox_status on enquiries
        when old.inbox_status <> new.inbox_status begin ${COUNT_MOVE}; end`,
    )
    .execute(db);
}

async function addPostgresCounts(db: Kysely<unknown>): Promise<void> {
  await createCountsTable(db);
  await sql
    .raw(
      `
    create function inbox_counts_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update inbox_counts set count = count + 1 where inbox_status = new.inbox_status;
      elsif tg_op = 'DELETE' then
        update inbox_counts set count = count - 1 where inbox_status = old.inbox_status;
      else
        ${COUNT_MOVE};
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`
    create trigger enquiries_count_insert after insert or delete on enquiries
      for each row execute function inbox_counts_follow()`.execute(db);
  await sql`
    create trigger enquiries_count_update after update of inbox_status on enquiries
      for each row when (old.inbox_status is distinct from new.inbox_status)
      execute function inbox_counts_follow()`.execute(db);
}

/**
 * The FTS5 index reads its text from `enquiries` (external content, no second copy) and is
 * kept in step by triggers. Its key is `search_rowid`, set once per row, not the implicit
 * rowid, which VACUUM may renumber on a table without an INTEGER PRIMARY KEY.
 */
async function migrateSqlite(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table enquiries add column inbox_status text not null default 'new' check (${STATUS_CHECK})`,
    )
    .execute(db);
  await sql`update enquiries set inbox_status = 'spam' where status = 'spam'`.execute(db);
  await sql`alter table enquiries add column search_rowid integer`.execute(db);
  await sql`update enquiries set search_rowid = rowid`.execute(db);
  await sql`create unique index enquiries_search_rowid on enquiries (search_rowid)`.execute(db);
  await sql
    .raw(`create virtual table enquiries_search using fts5(name, email, message, ${FTS5_OPTIONS})`)
    .execute(db);
  await sql`insert into enquiries_search (enquiries_search) values ('rebuild')`.execute(db);
  await sql`
    create trigger enquiries_search_insert after insert on enquiries begin
      update enquiries
        set search_rowid = (select coalesce(max(search_rowid), 0) + 1 from enquiries)
        where rowid = new.rowid;
      insert into enquiries_search (rowid, name, email, message)
        select search_rowid, name, email, message from enquiries where rowid = new.rowid;
    end`.execute(db);
  await sql`
    create trigger enquiries_search_delete after delete on enquiries begin
      insert into enquiries_search (enquiries_search, rowid, name, email, message)
        values ('delete', old.search_rowid, old.name, old.email, old.message);
    end`.execute(db);
  await sql`
    create trigger enquiries_search_update after update of name, email, message on enquiries begin
      insert into enquiries_search (enquiries_search, rowid, name, email, message)
        values ('delete', old.search_rowid, old.name, old.email, old.message);
      insert into enquiries_search (rowid, name, email, message)
        values (new.search_rowid, new.name, new.email, new.message);
    end`.execute(db);
  await addSqliteCounts(db);
  await addListIndexes(db, 'sqlite');
}

/** A stored tsvector that PostgreSQL keeps current itself, under a GIN index. */
async function migratePostgres(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table enquiries add column inbox_status text not null default 'new' check (${STATUS_CHECK})`,
    )
    .execute(db);
  await sql`update enquiries set inbox_status = 'spam' where status = 'spam'`.execute(db);
  await sql
    .raw(
      `alter table enquiries add column search_vector tsvector
        generated always as (to_tsvector('simple', ${SEARCH_DOCUMENT})) stored`,
    )
    .execute(db);
  await sql`create index enquiries_search on enquiries using gin (search_vector)`.execute(db);
  await addPostgresCounts(db);
  await addListIndexes(db, 'postgres');
}

/**
 * The inbox: a workflow status per enquiry (separate from its email's delivery status), a
 * full-text index over name, email and message, and the indexes its lists page through.
 * Honeypot catches land in Spam, everything else starts as new.
 */
export function createInboxMigration(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // Kysely runs PostgreSQL migrations in a transaction but SQLite ones outside; a
      // half-applied one could not be run again, so the SQLite one brings its own.
      if (dialect === 'postgres') await migratePostgres(db);
      else await db.transaction().execute(migrateSqlite);
    },
  };
}
