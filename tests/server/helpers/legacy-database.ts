import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { listMigrations } from '../../../server/store/migrate-to-latest';
import { openPostgresStore } from '../../../server/store/postgres-store';
import type { SqlDialect } from '../../../server/store/db/schema';
import { SqliteDialectKeepingCause } from '../../../server/store/db/sqlite-dialect';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';
import type { Store } from '../../../server/store/store';
import { createPostgresDatabase } from '../../support/postgres-database';
import { readTestDatabaseUrl } from './backends';

/**
 * A database as an older release left it: migrated up to a named migration by kysely directly,
 * filled with rows of that time, then opened by today's store, which runs the rest.
 */
export type LegacyDatabase = {
  db: Kysely<unknown>;
  /** Runs the migrations up to and including `name`, as that release would have. */
  migrateTo(name: string): Promise<void>;
  openStore(): Promise<Store>;
  /** Closes this old-release connection, so only today's store holds the database. */
  release(): Promise<void>;
  dispose(): Promise<void>;
};

function legacyDatabase(
  db: Kysely<unknown>,
  dialect: SqlDialect,
  rest: Pick<LegacyDatabase, 'openStore'> & { removeData(): Promise<void> },
): LegacyDatabase {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(listMigrations(dialect)) },
  });
  let released: Promise<void> | null = null;
  const release = () => (released ??= db.destroy());
  return {
    db,
    async migrateTo(name) {
      const { error } = await migrator.migrateTo(name);
      if (error !== undefined) throw new Error(`Migrating to ${name} failed`, { cause: error });
    },
    openStore: rest.openStore,
    release,
    async dispose() {
      await release();
      await rest.removeData();
    },
  };
}

async function legacySqlite(folderPrefix: string): Promise<LegacyDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  return legacyDatabase(
    new Kysely({ dialect: new SqliteDialectKeepingCause(database) }),
    'sqlite',
    {
      openStore: () => openSqliteStore({ dataDir }),
      removeData: () => rm(dataDir, { recursive: true, force: true }),
    },
  );
}

async function legacyPostgres(adminUrl: string): Promise<LegacyDatabase> {
  const database = await createPostgresDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: database.url });
  return legacyDatabase(new Kysely({ dialect: new PostgresDialect({ pool }) }), 'postgres', {
    openStore: () => openPostgresStore({ connectionString: database.url }),
    removeData: () => database.drop(),
  });
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names one. */
export function legacyBackends(
  folderPrefix: string,
): { name: string; create: () => Promise<LegacyDatabase> }[] {
  const postgresUrl = readTestDatabaseUrl();
  return [
    { name: 'SQLite', create: () => legacySqlite(folderPrefix) },
    ...(postgresUrl === undefined
      ? []
      : [{ name: 'PostgreSQL', create: () => legacyPostgres(postgresUrl) }]),
  ];
}
