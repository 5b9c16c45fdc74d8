import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Where each booking's copy in the studio's calendar stands (docs/decisions/0071): the
 * SEQUENCE last written there (null: never), the attempts since it last succeeded, when the
 * next may start (a retry's time, or a claim's lease; null with no error: due now; null with
 * an error: given up) and the last error. A copy is behind whenever the booking's own
 * sequence is higher.
 */
export function addBookingCalendarCopies(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bookings').addColumn('calendar_sequence', 'integer').execute();
      await db.schema
        .alterTable('bookings')
        .addColumn('calendar_attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('bookings')
        .addColumn('calendar_next_attempt_at', timestamp)
        .execute();
      await db.schema.alterTable('bookings').addColumn('calendar_error', 'text').execute();
    },
  };
}
