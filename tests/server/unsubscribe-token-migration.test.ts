import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { legacyBackends } from './helpers/legacy-database';
import { createToken } from '../../server/store/subscribers/newsletter-tokens';

const backends = legacyBackends('ember-token-migration-');

describe.each(backends)('the unsubscribe token migration ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps only a hash, and the link already in a mailbox still unsubscribes', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0005-newsletter-consent');
    const oldLink = createToken();
    const at = '2026-06-01T10:00:00.000Z';
    await sql`insert into subscribers (id, email, email_key, created_at, status, asked_at, confirmed_at, unsubscribe_token)
      values ('20000000-0000-4000-8000-000000000001', 'Old.Reader@example.com',
              'old.reader@example.com', ${at}, 'confirmed', ${at}, ${at}, ${oldLink})`.execute(
      legacy.db,
    );
    await sql`insert into subscribers (id, email, email_key, created_at, status, asked_at)
      values ('20000000-0000-4000-8000-000000000002', 'never@example.com',
              'never@example.com', ${at}, 'pending', ${at})`.execute(legacy.db);

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    const stored = await sql<Record<string, unknown>>`select * from subscribers`.execute(legacy.db);
    expect(stored.rows).toHaveLength(2);
    expect(JSON.stringify(stored.rows)).not.toContain(oldLink);

    expect(await store.checkUnsubscribeToken(oldLink)).toBe('valid');
    expect(await store.unsubscribe(oldLink)).toBe('valid');
    const statuses = (await store.listSubscribers()).map(({ email, status }) => [email, status]);
    expect(statuses).toEqual([
      ['never@example.com', 'pending'],
      ['Old.Reader@example.com', 'unsubscribed'],
    ]);
    expect(await store.unsubscribe(createToken())).toBe('unknown');
  });
});
