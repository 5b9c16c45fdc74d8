import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Half-written replies and notes, one per person, enquiry and kind. They are the person's and
 * the enquiry's: removing either removes them (cascade), so forget and the retention purge
 * take them with the enquiry.
 */
export function createLeadDrafts(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_drafts')
        .addColumn('staff_id', 'text', (column) =>
          column.notNull().references('staff.id').onDelete('cascade'),
        )
        .addColumn('enquiry_id', 'text', (column) =>
          column.notNull().references('enquiries.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (column) =>
          column.notNull().check(sql`kind in ('reply', 'note')`),
        )
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('saved_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('lead_drafts_pkey', ['staff_id', 'enquiry_id', 'kind'])
        .execute();
      await db.schema
        .createIndex('lead_drafts_enquiry')
        .on('lead_drafts')
        .column('enquiry_id')
        .execute();
    },
  };
}
