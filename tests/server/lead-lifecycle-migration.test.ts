import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { INBOX_STATUSES } from '../../common/studio-inbox';
import { legacyBackends } from './helpers/legacy-database';

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

describe.each(backends)('one lead lifecycle, migrated ($name)', ({ create }) => {
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

  it('refuses `replied` as an inbox status from now on', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0026-one-lead-lifecycle');
    const insert = (id: string, status: string) =>
      sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts, inbox_status)
          values (${id}, '2026-01-02T10:00:00.000Z', 'Ann', 'ann@example.com', 'Brand Strategy',
                  'Hi.', '203.0.113.7', 'sent', 0, ${status})`.execute(legacy.db);
    await expect(insert(idOf(90), 'replied')).rejects.toThrow();
    await insert(idOf(91), 'read');
    await expect(
      sql`update enquiries set inbox_status = 'replied' where id = ${idOf(91)}`.execute(legacy.db),
    ).rejects.toThrow();
  });
});
