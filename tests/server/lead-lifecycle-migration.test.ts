import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { INBOX_STATUSES } from '../../common/studio-inbox';
import { MIGRATION_NAMES } from '../../server/store/migrate-to-latest';
import { legacyBackends, type LegacyDatabase } from './helpers/legacy-database';

const backends = legacyBackends('ember-lead-lifecycle-');

const OLD_STATUSES = ['new', 'read', 'replied', 'archived', 'spam'] as const;
/** No lead row (a lead nobody touched), or one at each kind of stage. */
const OLD_STAGES = [null, 'new', 'contacted', 'won'] as const;

type Old = { status: (typeof OLD_STATUSES)[number]; stage: (typeof OLD_STAGES)[number] };

const COMBINATIONS: Old[] = OLD_STATUSES.flatMap((status) =>
  OLD_STAGES.map((stage) => ({ status, stage })),
);

const idOf = (index: number) => `20000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

/** What each old pair reads as after the migration: a filing or mark, and one stage. */
function expected({ status, stage }: Old) {
  if (status === 'replied') {
    return { status: 'read', stage: stage === null || stage === 'new' ? 'contacted' : stage };
  }
  return { status, stage: stage ?? 'new' };
}

describe.each(backends)('one lead lifecycle, migrated ($name)', ({ name, create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('turns every old status and stage into one stage, unread and folders beside it', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0020-unreadable-messages');
    for (const [index, { status, stage }] of COMBINATIONS.entries()) {
      const id = idOf(index);
      await sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts, inbox_status)
          values (${id}, ${`2026-01-01T10:${String(index).padStart(2, '0')}:00.000Z`}, ${`Client ${index}`},
                  ${`client${index}@example.com`}, 'Brand Strategy', 'An old enquiry.', '203.0.113.7',
                  ${status === 'spam' ? 'spam' : 'sent'}, 0, ${status})`.execute(legacy.db);
      if (stage !== null) {
        await sql`insert into leads (enquiry_id, stage) values (${id}, ${stage})`.execute(
          legacy.db,
        );
      }
    }
    await legacy.release();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    const listed = await store.listInbox(
      { statuses: INBOX_STATUSES, service: null, terms: [] },
      null,
      100,
    );
    const ids = COMBINATIONS.map((_, index) => idOf(index));
    const summaries = await store.leads.summarizeLeads(ids);
    const seen = COMBINATIONS.map((_, index) => {
      const id = idOf(index);
      return {
        status: listed.find((enquiry) => enquiry.id === id)?.status,
        stage: summaries.get(id)?.stage,
      };
    });
    expect(seen).toEqual(COMBINATIONS.map(expected));
    const replied = COMBINATIONS.filter((old) => old.status === 'replied').length;
    expect(await store.countInbox()).toEqual({
      new: OLD_STAGES.length,
      read: OLD_STAGES.length + replied,
      archived: OLD_STAGES.length,
      spam: OLD_STAGES.length,
    });
  });

  /** What a release before the one lifecycle does when it sends a reply or files one. */
  async function writeAsOlderRelease(legacy: LegacyDatabase): Promise<void> {
    const insert = (id: string, status: string) =>
      sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts, inbox_status)
          values (${id}, '2026-01-02T10:00:00.000Z', 'Ann', 'ann@example.com', 'Brand Strategy',
                  'Hi.', '203.0.113.7', 'sent', 0, ${status})`.execute(legacy.db);
    await insert(idOf(90), 'new');
    await insert(idOf(91), 'read');
    await sql`insert into leads (enquiry_id, stage) values (${idOf(91)}, 'proposal')`.execute(
      legacy.db,
    );
    await insert(idOf(92), 'replied');
    for (const id of [idOf(90), idOf(91)]) {
      await sql`update enquiries set inbox_status = 'replied' where id = ${id}`.execute(legacy.db);
    }
  }

  async function expectFiledAsRead(legacy: LegacyDatabase): Promise<void> {
    const { rows } = await sql<{ id: string; inbox_status: string; stage: string | null }>`
      select enquiries.id, inbox_status, stage from enquiries
        left join leads on leads.enquiry_id = enquiries.id order by enquiries.id`.execute(
      legacy.db,
    );
    expect(rows).toEqual([
      { id: idOf(90), inbox_status: 'read', stage: 'contacted' },
      { id: idOf(91), inbox_status: 'read', stage: 'proposal' },
      { id: idOf(92), inbox_status: 'read', stage: null },
    ]);
    await legacy.release();
    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    expect(await store.countInbox()).toEqual({ new: 0, read: 3, archived: 0, spam: 0 });
  }

  it('files an older release’s `replied` as read, its lead contacted, instead of failing it', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo(MIGRATION_NAMES.at(-1) ?? '');
    await writeAsOlderRelease(legacy);
    await expectFiledAsRead(legacy);
  });

  it('does the same on a database that ran 0026 as first shipped, which refused `replied`', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0026-one-lead-lifecycle');
    await refuseRepliedAsFirstShipped(legacy, name);
    await expect(writeAsOlderRelease(legacy)).rejects.toThrow();
    await sql`delete from enquiries`.execute(legacy.db);
    await legacy.migrateTo(MIGRATION_NAMES.at(-1) ?? '');
    await writeAsOlderRelease(legacy);
    await expectFiledAsRead(legacy);
  });
});

/** The schema 0026 left as first shipped: `replied` refused by a valid check or by triggers. */
async function refuseRepliedAsFirstShipped(legacy: LegacyDatabase, backend: string): Promise<void> {
  if (backend === 'PostgreSQL') {
    await sql`drop trigger enquiries_replied_as_read on enquiries`.execute(legacy.db);
    await sql`alter table enquiries validate constraint enquiries_inbox_status_check`.execute(
      legacy.db,
    );
    return;
  }
  await sql`drop trigger enquiries_replied_as_read_insert`.execute(legacy.db);
  await sql`drop trigger enquiries_replied_as_read_update`.execute(legacy.db);
  for (const event of ['insert', 'update of inbox_status']) {
    const name = event === 'insert' ? 'enquiries_no_replied_insert' : 'enquiries_no_replied_update';
    await sql
      .raw(
        `create trigger ${name} before ${event} on enquiries
          when new.inbox_status = 'replied'
          begin select raise(abort, 'replied is a stage, not an inbox status'); end`,
      )
      .execute(legacy.db);
  }
}
