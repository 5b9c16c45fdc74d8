import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * People as records of their own (DESIGN.md, "The person and the lead"): a new table, so no
 * lock on any table that serves (decision 0094). Its rows are made as people are met: by the
 * release that writes or books with a new address, and, for everyone met before (or by the
 * previous release while the instances are upgraded one at a time), the first time their
 * lead or their page is read (store/people/people-repository.ts). Nothing is copied here, so
 * the migration takes a moment however many enquiries there are.
 */
export function addPeople(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('people')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('address_key', 'text', (column) => column.notNull().unique())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
    },
  };
}
