import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * What happened to each call, for its lead's thread: booked (with the visitor's note), moved
 * (from one time to another) and cancelled (by the visitor or staff, with what they said)
 * (docs/decisions/0103). One row per change of the call: the change's SEQUENCE is unique per
 * call, so a change stored once is never told twice. Additive: a new table the previous release
 * ignores; the events of a call go with it. Calls booked before it have no events and show in
 * their lead's calls as before: their moves were never kept, so none are made up.
 */
export function createCallEvents(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('call_events')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('booking_id', 'text', (column) =>
          column.notNull().references('bookings.id').onDelete('cascade'),
        )
        .addColumn('sequence', 'integer', (column) => column.notNull())
        .addColumn('kind', 'text', (column) =>
          column.notNull().check(sql`kind in ('booked', 'moved', 'cancelled')`),
        )
        .addColumn('at', timestamp, (column) => column.notNull())
        // The staff member's name when staff made the change; null: the visitor did.
        .addColumn('by_staff', 'text')
        .addColumn('start_at', timestamp, (column) => column.notNull())
        .addColumn('end_at', timestamp, (column) => column.notNull())
        .addColumn('from_start_at', timestamp)
        .addColumn('from_end_at', timestamp)
        .addColumn('text', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('call_events_change')
        .on('call_events')
        .columns(['booking_id', 'sequence'])
        .unique()
        .execute();
    },
  };
}
