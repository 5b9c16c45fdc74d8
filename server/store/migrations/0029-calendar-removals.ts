import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * The calendar events still to delete whose booking is gone (a forgotten person's calls,
 * docs/decisions/0071): only the event's UID, which names its resource in the calendar, and the
 * queue's own attempts, next attempt and last error; nothing about the person.
 */
export function createCalendarRemovals(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('calendar_removals')
        .addColumn('uid', 'text', (column) => column.primaryKey())
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp)
        .addColumn('error', 'text')
        .execute();
    },
  };
}
