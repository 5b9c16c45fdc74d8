import type { Transaction } from 'kysely';
import type { Database, SqlDialect } from '../db/schema';
import type { BookedTime, RefusedTime } from './booking-repository-types';

/** Thrown inside a booking's transaction to roll it back; carries why the time was refused. */
export class TimeRefused extends Error {
  constructor(readonly refusal: RefusedTime) {
    super(`The time was refused: ${refusal.kind}`);
    this.name = 'TimeRefused';
  }
}

/**
 * PostgreSQL refused the write for an overlapping call: bookings_no_overlap's exclusion
 * violation, or a deadlock, which only two writes waiting on each other's overlapping calls
 * across two days' locks can make (the other one went through).
 */
export function isOverlapViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  if (error.code === '40P01') return true;
  return (
    error.code === '23P01' && 'constraint' in error && error.constraint === 'bookings_no_overlap'
  );
}

/**
 * Checks, inside the caller's transaction, that `time` may be held by the call `ownId` (none for
 * a new one); throws TimeRefused otherwise. The day's row is written first: on SQLite that first
 * write takes the database's one write lock, so nothing can book between this check and the
 * caller's write; on PostgreSQL the day's row is then locked, so concurrent bookings of one day
 * are counted one after the other. Overlaps across days are settled by PostgreSQL's exclusion
 * constraint on the caller's write (docs/decisions/0069-the-database-guarantee.md).
 */
export async function holdTime(
  trx: Transaction<Database>,
  dialect: SqlDialect,
  time: BookedTime,
  ownId: string | null,
): Promise<void> {
  await trx
    .insertInto('booking_days')
    .values({ day: time.day })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .execute();
  if (dialect === 'postgres') {
    await trx
      .selectFrom('booking_days')
      .select('day')
      .where('day', '=', time.day)
      .forUpdate()
      .execute();
  }
  const others = trx
    .selectFrom('bookings')
    .where('state', '<>', 'cancelled')
    .$if(ownId !== null, (query) => query.where('id', '<>', ownId ?? ''));
  const overlapping = await others
    .select('id')
    .where('start_at', '<', time.blockedUntil.toISOString())
    .where('blocked_until', '>', time.start.toISOString())
    .limit(1)
    .executeTakeFirst();
  if (overlapping !== undefined) throw new TimeRefused({ kind: 'taken' });
  const sameDay = await others
    .select((eb) => eb.fn.countAll<number | string>().as('calls'))
    .where('day', '=', time.day)
    .executeTakeFirstOrThrow();
  if (Number(sameDay.calls) >= time.maxPerDay) throw new TimeRefused({ kind: 'day_full' });
}
