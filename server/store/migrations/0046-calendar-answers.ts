import type { Kysely, Migration } from 'kysely';

/**
 * What a calendar answered to a call's invitation (accepted, declined, tentative), kept on the
 * answer in the lead's thread (0118). Nullable and unchecked: the release before this one goes
 * on storing answers without it, and every other message has none.
 */
export function addCalendarAnswers(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('lead_messages').addColumn('calendar_answer', 'text').execute();
    },
  };
}
