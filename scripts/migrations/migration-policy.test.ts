import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/store/migrate-to-latest';
import { readTestDatabaseUrl } from '../../tests/server/helpers/backends';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../../tests/support/postgres-database';
import { explainBreak, findPolicyBreaks, POLICY_RULES, type PolicyRule } from './migration-policy';
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
        'create trigger leads_count after insert or update or delete on leads for each row execute function f()',
        'select id from enquiries where address_key is null limit 500 for update',
        'alter table enquiries alter column enquiry_id drop not null',
        'create index concurrently enquiries_locale_lookup on enquiries (locale)',
        'drop index concurrently if exists enquiries_locale_lookup',
      ]),
    ).toEqual([]);
  });

  it('adopts a unique index built before, and lets a trigger warn without refusing', () => {
    expect(
      rulesOf([
        'alter table enquiries add constraint enquiries_locale_key unique using index enquiries_locale_key',
        `create function leads_note() returns trigger language plpgsql as $$
           begin raise notice 'stage %', new.stage; return new; end $$`,
        'create trigger leads_note before update on leads for each row execute function leads_note()',
      ]),
    ).toEqual([]);
  });

  // Each of these passed the lint while it read statements with regular expressions.
  it.each<[string, string[], PolicyRule[]]>([
    [
      'a table named with its schema',
      [
        'alter table public.enquiries drop column user_agent',
        'create index enquiries_email on "public"."enquiries" (email)',
      ],
      ['drops-or-renames', 'indexes-without-concurrently'],
    ],
    [
      'several statements in one string',
      [
        'alter table enquiries add column locale text; alter table enquiries alter column locale set not null',
      ],
      ['sets-not-null'],
    ],
    [
      'a unique constraint added to a table the previous release writes',
      ['alter table staff add constraint staff_name_key unique (name)'],
      ['adds-unique'],
    ],
    [
      'a unique column added to it',
      ['alter table staff add column handle text unique'],
      ['adds-unique'],
    ],
    [
      'a constraint dropped, which the previous release’s ON CONFLICT may need',
      ['alter table enquiries drop constraint enquiries_idempotency_key_key'],
      ['drops-a-constraint-or-index'],
    ],
    [
      'an index dropped, which the previous release’s ON CONFLICT may need',
      ['drop index if exists subscribers_confirm_token_hash'],
      ['drops-a-constraint-or-index'],
    ],
    [
      'a default dropped that the previous release’s inserts rely on',
      ['alter table leads alter column stage drop default'],
      ['drops-a-default'],
    ],
    [
      'a trigger whose function refuses rows',
      [
        `create function enquiries_no_replied() returns trigger language plpgsql as $$
           begin if new.inbox_status = 'replied' then raise exception 'replied is gone'; end if; return new; end $$`,
        'create trigger enquiries_no_replied before insert or update on enquiries for each row execute function enquiries_no_replied()',
      ],
      ['adds-a-refusing-trigger'],
    ],
    [
      'a trigger function replaced by one that refuses rows',
      [
        `create or replace function enquiries_replied_as_read() returns trigger language plpgsql as $$
           begin if new.inbox_status = 'replied' then raise; end if; return new; end $$`,
      ],
      ['adds-a-refusing-trigger'],
    ],
    [
      'a trigger whose function the migration does not define',
      [
        'create trigger leads_check before insert on leads for each row execute function leads_check()',
      ],
      ['adds-a-refusing-trigger'],
    ],
    [
      'an update of ONLY a large table, and of one under an alias',
      [
        "update only enquiries set inbox_status = 'read'",
        "update enquiries as e set inbox_status = 'read' where e.status = 'sent'",
        'delete from only leads l where l.stage is null',
      ],
      ['updates-a-large-table', 'updates-a-large-table', 'updates-a-large-table'],
    ],
  ])('refuses %s', (_case, statements, rules) => {
    expect(rulesOf(statements)).toEqual(rules);
  });

  it('explains each verdict: the statement, the rule, why the previous release breaks, and what instead', () => {
    const [found] = findPolicyBreaks([
      'alter table leads alter column stage set default $1; alter table leads alter column stage drop default',
    ]);
    expect(found).toBeDefined();
    const { why, instead } = POLICY_RULES['drops-a-default'];
    expect(explainBreak(found!)).toBe(
      `drops-a-default on leads: \`alter table leads alter column stage drop default\` ${why}. Instead: ${instead}.`,
    );
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
      expect(breaks.filter((found) => !allowed.includes(found.rule)).map(explainBreak)).toEqual([]);
      // An exception no statement needs any more is removed, so the list stays the truth.
      expect([...new Set(breaks.map((found) => found.rule))].sort()).toEqual([...allowed].sort());
    });
  });
});
