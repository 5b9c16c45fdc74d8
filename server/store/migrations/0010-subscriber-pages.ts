import type { Kysely, Migration } from 'kysely';

/**
 * The studio lists subscribers newest first and exports them oldest first, a page at a time.
 * Anyone can add rows (a held sign-up needs no proof), so each page must be one index range,
 * not a sort of the whole table.
 */
export function addSubscriberPageIndex(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('subscribers_created_at')
        .on('subscribers')
        .columns(['created_at', 'id'])
        .execute();
    },
  };
}
