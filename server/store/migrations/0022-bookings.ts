import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * The calls booked through the site. On PostgreSQL no two calls that are not cancelled may
 * overlap, buffer included: an exclusion constraint on the range each one blocks, so a race
 * between instances cannot double-book (docs/decisions/0069-the-database-guarantee.md). SQLite
 * has no such constraint; its single writer checks the overlap inside the booking's transaction.
 * `booking_days` holds one row per day, locked while that day's calls are counted.
 */
export function createBookings(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bookings')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('enquiry_id', 'text', (column) =>
          column.notNull().unique().references('enquiries.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('note', 'text', (column) => column.notNull())
        .addColumn('start_at', timestamp, (column) => column.notNull())
        .addColumn('end_at', timestamp, (column) => column.notNull())
        .addColumn('blocked_until', timestamp, (column) => column.notNull())
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) =>
          column.notNull().check(sql`state in ('confirmed', 'pending', 'cancelled')`),
        )
        .addColumn('uid', 'text', (column) => column.notNull().unique())
        .addColumn('sequence', 'integer', (column) => column.notNull())
        .addColumn('manage_token_hash', 'text', (column) => column.unique())
        .addColumn('remind_at', timestamp, (column) => column.notNull())
        .addColumn('reminded_at', timestamp)
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addColumn('cancelled_at', timestamp)
        .addCheckConstraint('bookings_end_after_start', sql`end_at > start_at`)
        .addCheckConstraint('bookings_blocks_its_call', sql`blocked_until >= end_at`)
        .execute();
      await db.schema
        .createIndex('bookings_start')
        .on('bookings')
        .columns(['start_at', 'id'])
        .execute();
      await db.schema
        .createIndex('bookings_day')
        .on('bookings')
        .columns(['day', 'state'])
        .execute();
      await db.schema
        .createIndex('bookings_reminders')
        .on('bookings')
        .column('remind_at')
        .where(sql.ref('reminded_at'), 'is', null)
        .execute();
      if (dialect === 'postgres') {
        await sql`alter table bookings add constraint bookings_no_overlap
          exclude using gist (tstzrange(start_at, blocked_until) with &&)
          where (state <> 'cancelled')`.execute(db);
      }
      await db.schema
        .createTable('booking_days')
        .addColumn('day', 'text', (column) => column.primaryKey())
        .execute();
    },
  };
}
