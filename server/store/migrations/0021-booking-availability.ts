import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The studio's weekly hours and the rules of a call: one row, its JSON checked by the same
 * schema as the form on every read. No row means the defaults. Not about any person, so
 * forget, exports and the retention purge leave it alone.
 */
export function createBookingAvailability(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('booking_availability')
        .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
        .addColumn('rules', 'text', (column) => column.notNull())
        .execute();
    },
  };
}
