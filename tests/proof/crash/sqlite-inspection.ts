import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';

export type StoredRow = { id: string; message: string; status: string };

export type SqliteInspection = {
  integrity: string;
  enquiries: StoredRow[];
  outboxRows: number;
};

/**
 * Reads the server's SQLite file from outside, as the CLI would: `integrity_check`, every
 * enquiry and the outbox size. A connection of its own, closed before returning.
 */
export function inspectSqlite(dataDir: string): SqliteInspection {
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), {
    fileMustExist: true,
    timeout: 5000,
  });
  try {
    const integrity = database
      .prepare<[], { integrity_check: string }>('pragma integrity_check')
      .all()
      .map((row) => row.integrity_check)
      .join('; ');
    const enquiries = database
      .prepare<[], StoredRow>('select id, message, status from enquiries')
      .all();
    const outbox = database
      .prepare<[], { rows: number }>('select count(*) as rows from outbox')
      .get();
    return { integrity, enquiries, outboxRows: outbox?.rows ?? 0 };
  } finally {
    database.close();
  }
}
