import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { listMigrations } from '../../server/store/migrate-to-latest';
import { openPostgresStore } from '../../server/store/postgres-store';
import type { SqlDialect } from '../../server/store/schema';
import { toSearchTerms } from '../../server/store/search-terms';
import { SqliteDialectKeepingCause } from '../../server/store/sqlite-dialect';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import type { Store } from '../../server/store/store';
import { readTestDatabaseUrl } from './helpers/backends';
import { createPostgresDatabase } from '../support/postgres-database';

type Legacy = { db: Kysely<unknown>; openStore(): Promise<Store>; dispose(): Promise<void> };

async function legacySqlite(): Promise<Legacy> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-inbox-migration-'));
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  return {
    db: new Kysely<unknown>({ dialect: new SqliteDialectKeepingCause(database) }),
    openStore: () => openSqliteStore({ dataDir }),
    dispose: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function legacyPostgres(adminUrl: string): Promise<Legacy> {
  const database = await createPostgresDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: database.url });
  return {
    db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }),
    openStore: () => openPostgresStore({ connectionString: database.url }),
    dispose: () => database.drop(),
  };
}

const postgresUrl = readTestDatabaseUrl();
const backends: { name: string; dialect: SqlDialect; create: () => Promise<Legacy> }[] = [
  { name: 'SQLite', dialect: 'sqlite', create: legacySqlite },
  ...(postgresUrl === undefined
    ? []
    : [
        {
          name: 'PostgreSQL',
          dialect: 'postgres' as const,
          create: () => legacyPostgres(postgresUrl),
        },
      ]),
];

const ALL = ['new', 'read', 'replied', 'archived', 'spam'] as const;

describe.each(backends)('the inbox migration ($name)', ({ dialect, create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('files existing enquiries (honeypot catches in Spam), and makes them searchable', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    const migrator = new Migrator({
      db: legacy.db,
      provider: { getMigrations: () => Promise.resolve(listMigrations(dialect)) },
    });
    expect((await migrator.migrateTo('0001-create-tables')).error).toBeUndefined();
    const row = (id: string, name: string, status: string, at: string) =>
      sql`insert into enquiries (id, created_at, name, email, service, message, client_ip, status, attempts)
          values (${id}, ${at}, ${name}, ${`${name.toLowerCase()}@example.com`}, 'Brand Strategy',
                  ${`Old enquiry from ${name} about a letterpress.`}, '203.0.113.7', ${status}, 0)`;
    const sent = '10000000-0000-4000-8000-000000000001';
    const spam = '10000000-0000-4000-8000-000000000002';
    await row(sent, 'Marta', 'sent', '2026-01-02T10:00:00.000Z').execute(legacy.db);
    await row(spam, 'Spambot', 'spam', '2026-01-03T10:00:00.000Z').execute(legacy.db);
    await legacy.db.destroy();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    expect(await store.countInbox()).toEqual({ new: 1, read: 0, replied: 0, archived: 0, spam: 1 });
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
