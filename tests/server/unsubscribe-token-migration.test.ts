import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { listMigrations } from '../../server/store/migrate-to-latest';
import { createToken } from '../../server/store/newsletter-tokens';
import { openPostgresStore } from '../../server/store/postgres-store';
import type { SqlDialect } from '../../server/store/schema';
import { SqliteDialectKeepingCause } from '../../server/store/sqlite-dialect';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import type { Store } from '../../server/store/store';
import { readTestDatabaseUrl } from './helpers/backends';
import { createPostgresDatabase } from '../support/postgres-database';

type Legacy = { db: Kysely<unknown>; openStore(): Promise<Store>; dispose(): Promise<void> };

async function legacySqlite(): Promise<Legacy> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-token-migration-'));
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  const db = new Kysely<unknown>({ dialect: new SqliteDialectKeepingCause(database) });
  return {
    db,
    openStore: () => openSqliteStore({ dataDir }),
    async dispose() {
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function legacyPostgres(adminUrl: string): Promise<Legacy> {
  const database = await createPostgresDatabase(adminUrl);
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url }) }),
  });
  return {
    db,
    openStore: () => openPostgresStore({ connectionString: database.url }),
    async dispose() {
      await db.destroy();
      await database.drop();
    },
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

describe.each(backends)('the unsubscribe token migration ($name)', ({ dialect, create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps only a hash, and the link already in a mailbox still unsubscribes', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    const migrator = new Migrator({
      db: legacy.db,
      provider: { getMigrations: () => Promise.resolve(listMigrations(dialect)) },
    });
    expect((await migrator.migrateTo('0005-newsletter-consent')).error).toBeUndefined();
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
