import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * PostgreSQL reads every enquiry once to validate the check 0026 added NOT VALID, under a lock
 * that lets reads and writes go on (SHARE UPDATE EXCLUSIVE), in a transaction of its own so
 * that no stronger lock of another migration is held meanwhile (decision 0093). Already valid
 * (0026 as first shipped), it returns at once. SQLite has no such check.
 */
export function validateInboxStatusCheck(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table enquiries validate constraint enquiries_inbox_status_check`.execute(db);
    },
  };
}
