import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/store/migrate-to-latest';
import { readTestDatabaseUrl } from '../../tests/server/helpers/backends';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../../tests/support/postgres-database';
import { findPolicyBreaks, type PolicyRule } from './migration-policy';
import { recordMigrationSql } from './record-migration-sql';
import { SHIPPED_EXCEPTIONS } from './shipped-exceptions';

const rulesOf = (statements: readonly string[]): PolicyRule[] =>
  findPolicyBreaks(statements).map((found) => found.rule);

describe('the migration policy', () => {
  it('refuses what would fail the previous release or stop the site while it runs', () => {
    expect(rulesOf(['alter table "enquiries" alter column "service" type varchar(40)'])).toEqual([
      'changes-a-column-type',
    ]);
    expect(rulesOf(['alter table leads alter column owner set not null'])).toEqual([
      'sets-not-null',
    ]);
    expect(rulesOf(['alter table staff add column "title" text not null'])).toEqual([
      'adds-not-null-without-default',
    ]);
    expect(rulesOf(['alter table enquiries drop column user_agent'])).toEqual(['drops-or-renames']);
    expect(rulesOf(['alter table leads rename column owner to owner_id'])).toEqual([
      'drops-or-renames',
    ]);
    expect(rulesOf(['drop table "saved_replies"'])).toEqual(['drops-or-renames']);
    expect(
      rulesOf([
        `alter table enquiries add constraint enquiries_inbox_status_check
           check (inbox_status in ('new', 'read', 'archived', 'spam'))`,
      ]),
    ).toEqual(['validates-under-lock']);
    expect(
      rulesOf([
        'alter table bookings add constraint bookings_by foreign key (by) references staff (id)',
      ]),
    ).toEqual(['validates-under-lock']);
    expect(rulesOf(['create index "enquiries_email" on "enquiries" ("email")'])).toEqual([
      'indexes-without-concurrently',
    ]);
    expect(
      rulesOf([
        `alter table enquiries add column words tsvector
           generated always as (to_tsvector('simple', message)) stored`,
      ]),
    ).toEqual(['rewrites-the-table']);
    expect(rulesOf(["update enquiries set inbox_status = 'read'"])).toEqual([
      'updates-a-large-table',
    ]);
    expect(
      rulesOf([
        `with keyed (id, address_key) as (values ('e-1', 'ann@example.com'))
           update enquiries set address_key = keyed.address_key from keyed where enquiries.id = keyed.id`,
        'with gone as (delete from leads where stage is null returning id) select count(*) from gone',
      ]),
    ).toEqual(['updates-a-large-table', 'updates-a-large-table']);
    expect(rulesOf(['lock table enquiries in exclusive mode'])).toEqual(['locks-a-table']);
  });

  it('accepts what only adds: tables, nullable columns, defaults, NOT VALID, concurrent indexes', () => {
    expect(
      rulesOf([
        'create table "lead_tags" ("id" text primary key, "enquiry_id" text not null references "enquiries" ("id"))',
        'create index "lead_tags_enquiry" on "lead_tags" ("enquiry_id")',
        'alter table "enquiries" add column "locale" text',
        `alter table "leads" add column "priority" text default 'normal' not null`,
        `alter table "staff" add column "tone" text default 'warm' not null check ("tone" in ('warm', 'plain'))`,
        'alter table staff add column "title" text check (title is null or length(title) < 80)',
        `alter table enquiries add constraint enquiries_locale_check check (locale is null or length(locale) < 36) not valid`,
        'alter table enquiries validate constraint enquiries_locale_check',
        'create index concurrently if not exists enquiries_locale on enquiries (locale)',
        'create index staff_title on staff (title)',
        `create or replace function f() returns trigger language plpgsql as $$
           begin update enquiries set inbox_status = 'read'; return new; end $$`,
        'alter table enquiries drop constraint enquiries_inbox_status_check',
        'drop index if exists enquiries_given_up',
        'create trigger leads_count after insert or update or delete on leads for each row execute function f()',
        'select id from enquiries where address_key is null limit 500 for update',
      ]),
    ).toEqual([]);
  });

  const adminUrl = readTestDatabaseUrl();
  describe.skipIf(adminUrl === undefined)('over every migration, on PostgreSQL', () => {
    let database: PostgresDatabase;
    let sent: Map<string, string[]>;
    beforeAll(async () => {
      database = await createPostgresDatabase(adminUrl ?? '');
      sent = await recordMigrationSql(database.url);
    });
    afterAll(() => database.drop());

    it.each(MIGRATION_NAMES)('%s keeps the previous release working', (name) => {
      const allowed = SHIPPED_EXCEPTIONS[name]?.rules ?? [];
      const breaks = findPolicyBreaks(sent.get(name) ?? []);
      expect(breaks.filter((found) => !allowed.includes(found.rule))).toEqual([]);
      // An exception no statement needs any more is removed, so the list stays the truth.
      expect([...new Set(breaks.map((found) => found.rule))].sort()).toEqual([...allowed].sort());
    });
  });
});
