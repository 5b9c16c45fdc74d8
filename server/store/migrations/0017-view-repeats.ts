import type { Kysely, Migration } from 'kysely';

/**
 * A visitor's identical views within one write of the counter (a reload, a client flooding
 * `/`) are one row that says how many they were, so a flood from one address costs a few rows
 * a second instead of one per request. Every row written before counts as one view.
 */
export function addViewRepeats(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('audience_views')
        .addColumn('views', 'integer', (column) => column.notNull().defaultTo(1))
        .execute();
    },
  };
}
