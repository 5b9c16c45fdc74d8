import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, type KyselyPlugin, type LogEvent } from 'kysely';
import pg from 'pg';
import { createKyselyStore } from '../../../server/store/kysely-store';
import { isPostgresUnavailable, openPostgresStore } from '../../../server/store/postgres-store';
import type { Database } from '../../../server/store/db/schema';
import { SqliteDialectKeepingCause } from '../../../server/store/db/sqlite-dialect';
import {
  isSqliteUnavailable,
  openSqliteStore,
  SQLITE_FILE_NAME,
} from '../../../server/store/sqlite-store';
import type { Store } from '../../../server/store/store';
import { createPostgresDatabase } from '../../support/postgres-database';
import type { Backend } from './backends';

/**
 * A real store on a fresh database that records every statement it sends, `begin` and `commit`
 * included, and runs each through `plugins`.
 */
export type LoggedStore = {
  store: Store;
  /** The SQL of each statement, in the order the database received them. */
  statements: string[];
  /** A plain store on the same database, with connections of its own: another instance. */
  openOther(): Promise<Store>;
  dispose(): Promise<void>;
};

export async function openLoggedStore(
  backend: Backend,
  plugins: KyselyPlugin[] = [],
): Promise<LoggedStore> {
  const others: Store[] = [];
  const keep = (other: Store) => {
    others.push(other);
    return other;
  };
  const closeOthers = () => Promise.all(others.map((other) => other.close()));
  const statements: string[] = [];
  const log = (event: LogEvent): void => {
    if (event.level === 'query') statements.push(event.query.sql);
  };
  if (backend.databaseUrl !== undefined) {
    const database = await createPostgresDatabase(backend.databaseUrl);
    // The real store migrates the database; the logged one then runs on it.
    await (await openPostgresStore({ connectionString: database.url })).close();
    const pool = new pg.Pool({ connectionString: database.url });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log, plugins });
    const store = createKyselyStore({
      db,
      dialect: 'postgres',
      isUnavailable: isPostgresUnavailable,
    });
    return {
      store,
      statements,
      openOther: async () => keep(await openPostgresStore({ connectionString: database.url })),
      async dispose() {
        await closeOthers();
        await store.close();
        await database.drop();
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-logged-'));
  await (await openSqliteStore({ dataDir })).close();
  const file = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  file.pragma('synchronous = FULL');
  const db = new Kysely<Database>({
    dialect: new SqliteDialectKeepingCause(file),
    log,
    plugins,
  });
  const store = createKyselyStore({ db, dialect: 'sqlite', isUnavailable: isSqliteUnavailable });
  return {
    store,
    statements,
    openOther: async () => keep(await openSqliteStore({ dataDir })),
    async dispose() {
      await closeOthers();
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
