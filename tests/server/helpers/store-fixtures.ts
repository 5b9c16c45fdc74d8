import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openPostgresStore } from '../../../server/store/postgres-store';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';
import type { Store } from '../../../server/store/store';

/** One empty database, and ways to open stores on it and to sabotage it from outside. */
export type StoreFixture = {
  /** Opens another store on the same database (its own connections). */
  open(): Promise<Store>;
  /**
   * A store that competes with `store` for rows: a second pool on PostgreSQL. On SQLite it is
   * `store` itself: better-sqlite3 waits for a lock synchronously, so a second connection in the
   * same thread would block the very event loop that must finish the first transaction. A
   * process uses one SQLite connection; other processes (the CLI) wait on the file lock.
   */
  rival(store: Store): Promise<Store>;
  /** Makes every insert into the outbox fail, to prove the enquiry insert rolls back. */
  breakOutboxInserts(): Promise<void>;
  dispose(): Promise<void>;
};

export type StoreBackend = { name: string; createFixture: () => Promise<StoreFixture> };

export async function createSqliteFixture(): Promise<StoreFixture> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-store-'));
  const stores: Store[] = [];
  return {
    async open() {
      const store = await openSqliteStore({ dataDir });
      stores.push(store);
      return store;
    },
    rival: (store) => Promise.resolve(store),
    breakOutboxInserts() {
      const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
      database.exec(
        `create trigger outbox_broken before insert on outbox begin select raise(abort, 'outbox broken'); end;`,
      );
      database.close();
      return Promise.resolve();
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates a fresh database on the server behind `adminUrl`, so test runs never collide. */
export async function createPostgresDatabase(adminUrl: string) {
  const name = `ember_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createPostgresFixture(adminUrl: string): Promise<StoreFixture> {
  const database = await createPostgresDatabase(adminUrl);
  const stores: Store[] = [];
  return {
    async open() {
      const store = await openPostgresStore({ connectionString: database.url });
      stores.push(store);
      return store;
    },
    async rival() {
      const store = await openPostgresStore({ connectionString: database.url });
      stores.push(store);
      return store;
    },
    async breakOutboxInserts() {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`
        create function outbox_broken() returns trigger language plpgsql
          as $$ begin raise exception 'outbox broken'; end $$;
        create trigger outbox_broken before insert on outbox
          for each row execute function outbox_broken();`);
      await client.end();
    },
    async dispose() {
      await Promise.all(stores.map((store) => store.close()));
      await database.drop();
    },
  };
}

/**
 * The PostgreSQL server for tests. Unset: CI fails (the suite must not silently shrink);
 * locally the PostgreSQL half is skipped with a warning that says how to enable it.
 */
export function readTestDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (url !== undefined && url !== '') return url;
  if (process.env.CI === 'true') {
    throw new Error('TEST_DATABASE_URL must be set in CI so the PostgreSQL store is tested.');
  }
  console.warn(
    'SKIPPING the PostgreSQL store tests: TEST_DATABASE_URL is not set. To run them:\n' +
      '  pg_ctlcluster 15 main start\n' +
      `  su postgres -c "psql -c \\"create role ember login superuser password 'ember'\\""\n` +
      '  TEST_DATABASE_URL=postgres://ember:ember@127.0.0.1:5432/postgres npm run test:unit',
  );
  return undefined;
}
