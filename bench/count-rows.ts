import Database from 'better-sqlite3';
import path from 'node:path';
import { SQLITE_FILE_NAME } from '../server/store/sqlite-store';

/** Rows of a table in a stopped server's SQLite file: what it actually kept. */
export function countStoredRows(dataDir: string, table: 'enquiries' | 'audience_vitals'): number {
  const database = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    const row: unknown = database.prepare(`SELECT count(*) AS stored FROM ${table}`).get();
    return typeof row === 'object' &&
      row !== null &&
      'stored' in row &&
      typeof row.stored === 'number'
      ? row.stored
      : 0;
  } finally {
    database.close();
  }
}
