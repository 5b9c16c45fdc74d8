import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Every manage link sent for a call, by the SHA-256 of its secret: each one opens the call at
 * its current time until it ends or is cancelled (docs/decisions/0089), instead of the newest
 * alone. The links of a call go with it. Today's single hash on the booking is copied in, so
 * the links already in visitors' mailboxes keep working; the column stays, written as before,
 * for the release before this one.
 */
export function createBookingLinks(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('booking_links')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('booking_id', 'text', (column) =>
          column.notNull().references('bookings.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('booking_links_booking')
        .on('booking_links')
        .column('booking_id')
        .execute();
      await sql`insert into booking_links (token_hash, booking_id, created_at)
        select manage_token_hash, id, updated_at from bookings
        where manage_token_hash is not null`.execute(db);
    },
  };
}
