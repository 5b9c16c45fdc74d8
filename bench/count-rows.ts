import Database from 'better-sqlite3';
import path from 'node:path';
import { SQLITE_FILE_NAME } from '../server/store/sqlite-store';

/**
 * Rows of a table in a stopped server's SQLite file, or the sum of one of its columns: what it
 * actually kept.
 */
export function countStoredRows(
  dataDir: string,
  table: 'enquiries' | 'audience_vitals' | 'audience_views' | 'audience_filtered',
  sumOf?: 'views',
): number {
  const database = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  const measure = sumOf === undefined ? 'count(*)' : `coalesce(sum(${sumOf}), 0)`;
  try {
    const row: unknown = database.prepare(`SELECT ${measure} AS stored FROM ${table}`).get();
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
