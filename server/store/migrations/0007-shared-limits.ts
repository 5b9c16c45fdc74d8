import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * What used to live in each process: the attempt counts behind every rate limit, and the
 * proof-of-work solutions already spent. In the store they hold across instances and restarts;
 * every row carries its expiry and is deleted after it.
 */
export function createSharedLimits(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('attempt_counts')
        .addColumn('key', 'text', (column) => column.notNull())
        .addColumn('window_start', timestamp, (column) => column.notNull())
        .addColumn('attempts', 'integer', (column) => column.notNull())
        .addColumn('ceiling', 'integer', (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('attempt_counts_key_window', ['key', 'window_start'])
        .execute();
      await db.schema
        .createIndex('attempt_counts_expires_at')
        .on('attempt_counts')
        .column('expires_at')
        .execute();

      await db.schema
        .createTable('spent_challenges')
        .addColumn('nonce', 'text', (column) => column.primaryKey())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('spent_challenges_expires_at')
        .on('spent_challenges')
        .column('expires_at')
        .execute();
    },
  };
}
