import type { Kysely, Migration } from 'kysely';

/**
 * Each call's own video room name, drawn at random when it is booked, so a studio that meets
 * in a fresh room per call gives every client a room no one else can guess (0113). Nullable:
 * the release before this one goes on booking calls without it, and those have no room.
 */
export function addBookingMeetingRoom(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('bookings').addColumn('meeting_room', 'text').execute();
    },
  };
}
