import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { LogFields } from '../log';
import { MIGRATION_NAMES, migrateToLatest } from './migrate-to-latest';
import { SqliteDialectKeepingCause } from './db/sqlite-dialect';

const databases: Kysely<unknown>[] = [];
afterEach(async () => {
  for (const db of databases.splice(0)) await db.destroy();
});

it('says how many migrations it runs, then each one as it commits, and nothing when current', async () => {
  const db = new Kysely<unknown>({
    dialect: new SqliteDialectKeepingCause(new BetterSqlite3(':memory:')),
  });
  databases.push(db);
  const lines: { msg: string; fields?: LogFields }[] = [];
  const log = (_level: string, msg: string, fields?: LogFields) => lines.push({ msg, fields });

  await migrateToLatest(db, 'sqlite', log);
  expect(lines[0]).toEqual({ msg: 'migrating', fields: { migrations: MIGRATION_NAMES.length } });
  expect(lines.slice(1).map((line) => line.fields?.migration)).toEqual(MIGRATION_NAMES);
  expect(lines.slice(1).every((line) => line.msg === 'migrated')).toBe(true);

  lines.length = 0;
  await migrateToLatest(db, 'sqlite', log);
  expect(lines).toEqual([]);
});
