import type { Kysely, Migration } from 'kysely';

/**
 * How many visits a row begins. A view under Global Privacy Control has no visitor to join
 * it by; a browser's further views within the same minute are written with 0, so they add page
 * views and no visitor. Every row written before begins one visit, as it was counted.
 */
export function addViewVisits(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('audience_views')
        .addColumn('visits', 'integer', (column) => column.notNull().defaultTo(1))
        .execute();
    },
  };
}
