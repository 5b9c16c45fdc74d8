import type { Kysely, Migration } from 'kysely';

/**
 * The studio's saved replies: a short list shared by all staff, in menu order. Not about any
 * person, so forget and the retention purge leave it alone.
 */
export function createSavedReplyTable(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_replies')
        .addColumn('position', 'integer', (column) => column.primaryKey())
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .execute();
    },
  };
}
