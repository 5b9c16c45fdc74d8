import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';
import type { Config } from '../../../server/config';

/** Every row of a table, read straight from the database, past the store's own code. */
export async function readRawRows(
  config: Config,
  table: string,
): Promise<Record<string, unknown>[]> {
  if (config.databaseUrl === null) {
    const database = new BetterSqlite3(path.join(config.dataDir, SQLITE_FILE_NAME), {
      readonly: true,
    });
    try {
      return database.prepare(`select * from ${table}`).all() as Record<string, unknown>[];
    } finally {
      database.close();
    }
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(`select * from ${table}`)).rows;
  } finally {
    await client.end();
  }
}
