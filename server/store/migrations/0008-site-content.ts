import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * The site's content (a draft and the published document), the history of publishes, and the
 * studio's uploaded images with their encoded files, bytes and all, so a backup carries them.
 */
export function createSiteContentTables(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_documents')
        .addColumn('kind', 'text', (column) =>
          column.primaryKey().check(sql`kind in ('draft', 'published')`),
        )
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('revision', 'text', (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .addColumn('updated_by', 'text')
        .execute();

      await db.schema
        .createTable('site_revisions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('revision', 'text', (column) => column.notNull())
        .addColumn('content', 'text', (column) => column.notNull())
        .addColumn('published_at', timestamp, (column) => column.notNull())
        .addColumn('published_by', 'text')
        .addColumn('summary', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('site_revisions_published_at')
        .on('site_revisions')
        .columns(['published_at', 'id'])
        .execute();

      await db.schema
        .createTable('media')
        .addColumn('hash', 'text', (column) => column.primaryKey())
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('height', 'integer', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('created_by', 'text')
        .execute();
      await db.schema
        .createTable('media_files')
        .addColumn('hash', 'text', (column) =>
          column.notNull().references('media.hash').onDelete('cascade'),
        )
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('format', 'text', (column) => column.notNull())
        .addColumn('bytes', bytes, (column) => column.notNull())
        .addPrimaryKeyConstraint('media_files_pk', ['hash', 'width', 'format'])
        .execute();
    },
  };
}
