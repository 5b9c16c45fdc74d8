import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';
import { fileRepliedAsRead } from './replied-as-read';

/**
 * Databases that ran 0026 as first shipped refuse `replied` (SQLite's triggers; PostgreSQL's
 * check, which stays: the trigger files the write before it is checked). From here they file it
 * as read, as 0026 now does, so a release that still writes it can serve beside this one or be
 * rolled back to (decision 0093). On a database that ran today's 0026 this changes nothing.
 */
export function fileRepliedAsReadEverywhere(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await sql`drop trigger if exists enquiries_no_replied_insert`.execute(db);
        await sql`drop trigger if exists enquiries_no_replied_update`.execute(db);
      }
      await fileRepliedAsRead(db, dialect);
    },
  };
}
