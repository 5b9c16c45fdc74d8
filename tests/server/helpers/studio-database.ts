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

/** Takes a staff member's password away, past the store's own code (no route does this). */
export async function clearStaffPassword(config: Config, email: string): Promise<void> {
  const key = email.toLowerCase();
  if (config.databaseUrl === null) {
    const database = new BetterSqlite3(path.join(config.dataDir, SQLITE_FILE_NAME));
    try {
      database.prepare('update staff set password_hash = null where email_key = ?').run(key);
    } finally {
      database.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query('update staff set password_hash = null where email_key = $1', [key]);
  } finally {
    await client.end();
  }
}
