import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * The visit a newsletter subscriber came from, found when the address is confirmed, as an
 * enquiry's is: deleted with the subscriber (forget, the retention purge).
 */
export function createSubscriberAttributions(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subscriber_attributions')
        .addColumn('subscriber_id', 'text', (column) =>
          column.primaryKey().references('subscribers.id').onDelete('cascade'),
        )
        .addColumn('source', 'text', (column) => column.notNull())
        .addColumn('medium', 'text')
        .addColumn('campaign', 'text')
        .addColumn('landing_path', 'text', (column) => column.notNull())
        .addColumn('revision', 'text')
        .addColumn('visited_at', timestamp, (column) => column.notNull())
        .execute();
    },
  };
}
