import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Scheduled publishes, each with the draft it will publish (a copy: the draft goes on being
 * edited), and what a restore restored: the draft remembers the publish it was brought back
 * from until it is next saved, and a publish of it records that publish in the history.
 */
export function createSiteSchedules(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_schedules')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', timestamp, (column) => column.notNull())
        .addColumn('revision', 'text', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('restored_from', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('created_by', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) =>
          column
            .notNull()
            .defaultTo('pending')
            .check(sql`state in ('pending', 'published', 'failed', 'cancelled')`),
        )
        .addColumn('settled_at', timestamp)
        .addColumn('settled_by', 'text')
        .addColumn('reason', 'text')
        .execute();
      // What every instance's poll reads: the pending schedules that are due.
      await db.schema
        .createIndex('site_schedules_due')
        .on('site_schedules')
        .columns(['state', 'at'])
        .execute();

      await db.schema.alterTable('site_documents').addColumn('restored_from', 'text').execute();
      await db.schema.alterTable('site_revisions').addColumn('restored_from', 'text').execute();
      await db.schema
        .alterTable('site_revisions')
        .addColumn('restored_published_at', timestamp)
        .execute();
    },
  };
}
