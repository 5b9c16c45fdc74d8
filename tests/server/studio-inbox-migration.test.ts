import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { legacyBackends } from './helpers/legacy-database';
import { toSearchTerms } from '../../server/store/enquiries/search-terms';

const backends = legacyBackends('ember-inbox-migration-');

const ALL = ['new', 'read', 'archived', 'spam'] as const;

describe.each(backends)('the inbox migration ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('files existing enquiries (honeypot catches in Spam), and makes them searchable', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0001-create-tables');
    const row = (id: string, name: string, status: string, at: string) =>
      sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts)
          values (${id}, ${at}, ${name}, ${`${name.toLowerCase()}@example.com`}, 'Brand Strategy',
                  ${`Old enquiry from ${name} about a letterpress.`}, '203.0.113.7', ${status}, 0)`;
    const sent = '10000000-0000-4000-8000-000000000001';
    const spam = '10000000-0000-4000-8000-000000000002';
    await row(sent, 'Marta', 'sent', '2026-01-02T10:00:00.000Z').execute(legacy.db);
    await row(spam, 'Spambot', 'spam', '2026-01-03T10:00:00.000Z').execute(legacy.db);
    await legacy.release();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    expect(await store.countInbox()).toEqual({ new: 1, read: 0, archived: 0, spam: 1 });
    const search = async (q: string) =>
      (
        await store.listInbox({ statuses: ALL, service: null, terms: toSearchTerms(q) }, null, 10)
      ).map((enquiry) => enquiry.id);
    expect(await search('letterpress')).toEqual([spam, sent]);
    expect(await search('marta')).toEqual([sent]);

    const saved = await store.saveEnquiry({
      message: {
        name: 'Newcomer',
        email: 'new@example.com',
        service: 'Brand Strategy',
        message: 'A letterpress wedding invitation.',
      },
      isSpam: false,
      clientIp: '203.0.113.8',
      userAgent: null,
      idempotency: null,
    });
    if (saved.kind !== 'created') throw new Error('not saved');
    expect(await search('letterpress wedding')).toEqual([saved.id]);
  });
});
