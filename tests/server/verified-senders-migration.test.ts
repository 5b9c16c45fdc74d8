import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { legacyBackends } from './helpers/legacy-database';

const backends = legacyBackends('ember-verified-senders-migration-');

describe.each(backends)('the verified senders migration ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('marks the answers stored before as unverified, and the studio’s replies as neither', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0017-view-repeats');
    const enquiry = '30000000-0000-4000-8000-000000000001';
    const at = '2026-03-02T10:00:00.000Z';
    await sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts)
      values (${enquiry}, ${at}, 'Ann Lee', 'ann@example.com', 'Brand Strategy', 'A new brand.',
              '203.0.113.7', 'sent', 1)`.execute(legacy.db);
    const message = (id: string, direction: 'in' | 'out', minute: number) =>
      sql`insert into lead_messages (id, enquiry_id, direction, message_id, "references", from_address,
            to_address, at, subject, text, state)
          values (${id}, ${enquiry}, ${direction}, ${`<${id}@example.com>`}, '', 'ann@example.com',
            'reply@emberandink.example', ${`2026-03-02T10:0${minute}:00.000Z`}, 'Re: Your enquiry',
            'Text', ${direction === 'in' ? 'received' : 'sent'})`.execute(legacy.db);
    await message('30000000-0000-4000-8000-000000000002', 'out', 1);
    await message('30000000-0000-4000-8000-000000000003', 'in', 2);
    await legacy.release();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    const thread = (await store.leads.openLead(enquiry))?.thread ?? [];
    expect(thread.map((item) => [item.direction, item.isVerified])).toEqual([
      ['out', null],
      ['in', false],
    ]);
  });
});
