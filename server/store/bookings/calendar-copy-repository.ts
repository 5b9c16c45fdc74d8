import type { CalendarCopies } from '../../booking/calendar/calendar-sync';
import type { StoreContext } from '../db/store-context';
import { toBooking } from './booking-row';

/**
 * The database's side of the calendar's queue (server/booking/calendar/calendar-sync.ts): the
 * bookings' copies, and the events to delete whose booking is gone.
 */
export type CalendarCopyRepository = CalendarCopies;

/** The last error kept per booking: enough to tell a refused password from a timeout. */
const ERROR_CHARS = 500;

export function createCalendarCopyRepository({
  db,
  dialect,
  guard,
}: StoreContext): CalendarCopyRepository {
  return {
    claimDueCalendarCopies: ({ now, leaseMs, limit }) =>
      guard('claim bookings for the calendar', async () => {
        const nowIso = now.toISOString();
        const claimed = await db
          .with('due', (query) =>
            query
              .selectFrom('bookings')
              .select('id')
              .where((eb) =>
                eb.or([
                  eb('calendar_sequence', 'is', null),
                  eb('calendar_sequence', '<', eb.ref('sequence')),
                ]),
              )
              // A call cancelled before its event was ever written has nothing to remove.
              .where((eb) =>
                eb.or([eb('state', '<>', 'cancelled'), eb('calendar_sequence', 'is not', null)]),
              )
              .where((eb) =>
                eb.or([
                  eb.and([
                    eb('calendar_next_attempt_at', 'is', null),
                    eb('calendar_error', 'is', null),
                  ]),
                  eb('calendar_next_attempt_at', '<=', nowIso),
                ]),
              )
              // A call that is over is no one's business in the calendar any more.
              .where('end_at', '>', nowIso)
              .orderBy('start_at')
              .limit(limit)
              // PostgreSQL: other instances skip the rows this one is claiming.
              .$if(dialect === 'postgres', (locked) => locked.forUpdate().skipLocked()),
          )
          .updateTable('bookings')
          .set({ calendar_next_attempt_at: new Date(now.getTime() + leaseMs).toISOString() })
          .where('id', 'in', (eb) => eb.selectFrom('due').select('id'))
          .returningAll()
          .execute();
        return claimed.map((row) => ({ booking: toBooking(row), attempts: row.calendar_attempts }));
      }),
    markCalendarCopyWritten: (id, sequence) =>
      guard('record a booking written to the calendar', async () => {
        // The sequence is recorded only if the booking still has it: a change made during the
        // write leaves the copy behind, and released from its lease it is due again at once.
        await db
          .updateTable('bookings')
          .set((eb) => ({
            calendar_sequence: eb
              .case()
              .when('sequence', '=', sequence)
              .then(sequence)
              .else(eb.ref('calendar_sequence'))
              .end(),
            calendar_attempts: 0,
            calendar_next_attempt_at: null,
            calendar_error: null,
          }))
          .where('id', '=', id)
          .execute();
      }),
    markCalendarCopyFailed: (id, { error, nextAttemptAt }) =>
      guard('record a failed calendar write', async () => {
        await db
          .updateTable('bookings')
          .set((eb) => ({
            calendar_attempts: eb('calendar_attempts', '+', 1),
            calendar_next_attempt_at: nextAttemptAt?.toISOString() ?? null,
            calendar_error: error.slice(0, ERROR_CHARS),
          }))
          .where('id', '=', id)
          .execute();
      }),
    claimDueCalendarRemovals: ({ now, leaseMs, limit }) =>
      guard('claim calendar events to remove', async () => {
        const nowIso = now.toISOString();
        const claimed = await db
          .with('due', (query) =>
            query
              .selectFrom('calendar_removals')
              .select('uid')
              .where((eb) =>
                eb.or([
                  eb.and([eb('next_attempt_at', 'is', null), eb('error', 'is', null)]),
                  eb('next_attempt_at', '<=', nowIso),
                ]),
              )
              .orderBy('uid')
              .limit(limit)
              .$if(dialect === 'postgres', (locked) => locked.forUpdate().skipLocked()),
          )
          .updateTable('calendar_removals')
          .set({ next_attempt_at: new Date(now.getTime() + leaseMs).toISOString() })
          .where('uid', 'in', (eb) => eb.selectFrom('due').select('uid'))
          .returning(['uid', 'attempts'])
          .execute();
        return claimed;
      }),
    markCalendarRemovalDone: (uid) =>
      guard('record a calendar event removed', async () => {
        await db.deleteFrom('calendar_removals').where('uid', '=', uid).execute();
      }),
    markCalendarRemovalFailed: (uid, { error, nextAttemptAt }) =>
      guard('record a failed calendar removal', async () => {
        await db
          .updateTable('calendar_removals')
          .set((eb) => ({
            attempts: eb('attempts', '+', 1),
            next_attempt_at: nextAttemptAt?.toISOString() ?? null,
            error: error.slice(0, ERROR_CHARS),
          }))
          .where('uid', '=', uid)
          .execute();
      }),
  };
}
