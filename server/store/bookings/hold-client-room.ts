import type { Transaction } from 'kysely';
import type { Database, SqlDialect } from '../db/schema';
import type { BookingClient } from './booking-repository-types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside a booking's transaction to roll it back: the client holds its share. */
export class ClientFull extends Error {
  constructor() {
    super('The client holds its most standing calls');
    this.name = 'ClientFull';
  }
}

/**
 * Checks, inside the caller's transaction, that `client` may hold one more call; throws
 * ClientFull otherwise. As holdTime does for a day, the client's row is written first (SQLite's
 * one write lock) and locked on PostgreSQL, so two bookings from one client on two instances are
 * counted one after the other and never both let through.
 */
export async function holdClientRoom(
  trx: Transaction<Database>,
  dialect: SqlDialect,
  client: BookingClient,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('booking_clients')
    .values({ client_key: client.key })
    .onConflict((conflict) => conflict.column('client_key').doNothing())
    .execute();
  if (dialect === 'postgres') {
    await trx
      .selectFrom('booking_clients')
      .select('client_key')
      .where('client_key', '=', client.key)
      .forUpdate()
      .execute();
  }
  const standing = await trx
    .selectFrom('bookings')
    .select((eb) => eb.fn.countAll<number | string>().as('calls'))
    .where('client_key', '=', client.key)
    .where('state', '<>', 'cancelled')
    .where('end_at', '>', now.toISOString())
    // Implied by the line above (no call is longer than a day); it lets bookings_start find the
    // calls still to come, at most the horizon's days times a day's calls, without a scan.
    .where('start_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(standing.calls) >= client.maxStanding) throw new ClientFull();
}
