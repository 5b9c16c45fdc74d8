import type { Kysely, Migration } from 'kysely';

/**
 * Who booked a call, as the limits count clients (an address, an IPv6 /64), hashed: so the
 * store can refuse a client more standing calls than its share (docs/decisions/0091). Additive:
 * a nullable column an older instance leaves empty (its bookings count for nobody), and `booking_clients`, one row per client, locked while its calls are counted as
 * `booking_days` is for a day's.
 */
export function addBookingClients(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // No index of its own: building one would hold the table's writes (decision 0094), and a
      // client's standing calls are read among the calls still to come, through bookings_start.
      await db.schema.alterTable('bookings').addColumn('client_key', 'text').execute();
      await db.schema
        .createTable('booking_clients')
        .addColumn('client_key', 'text', (column) => column.primaryKey())
        .execute();
    },
  };
}
