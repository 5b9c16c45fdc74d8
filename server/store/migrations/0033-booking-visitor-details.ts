import type { Kysely, Migration } from 'kysely';

/**
 * What a call keeps of its visitor beyond name and address, each nullable so the release
 * before this one goes on writing calls without them: the IANA zone the page detected or the
 * visitor chose (their emails give the call's time in it too), the number to ring when the
 * studio meets by phone, and the reason given when the visitor cancelled.
 */
export function addBookingVisitorDetails(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bookings').addColumn('visitor_time_zone', 'text').execute();
      await db.schema.alterTable('bookings').addColumn('phone', 'text').execute();
      await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
    },
  };
}
