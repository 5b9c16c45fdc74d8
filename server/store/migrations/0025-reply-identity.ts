import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/** The acknowledgement a new studio starts with, switched off. */
const DEFAULT_ACKNOWLEDGEMENT = [
  'Dear {firstName},',
  '',
  'Thank you for writing to Ember & Ink. We read every enquiry ourselves and will answer within two working days.',
  '',
  'Ember & Ink',
].join('\n');

/**
 * The studio's settings (one row, its id held at 1 by a check), each reply's sender name, CC
 * and the exact text its email carries (signature and quote included, fixed when queued so a
 * retry sends the same message), and what the mailbox watch last saw, so any instance can say.
 */
export function addReplyIdentity(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('studio_settings')
        .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
        .addColumn('acknowledgement_enabled', 'integer', (column) => column.notNull())
        .addColumn('acknowledgement_subject', 'text', (column) => column.notNull())
        .addColumn('acknowledgement_text', 'text', (column) => column.notNull())
        .addColumn('locale', 'text', (column) => column.notNull())
        .addColumn('currency', 'text', (column) => column.notNull())
        .execute();
      await sql`insert into studio_settings values (1, 0, 'Your enquiry to Ember & Ink', ${DEFAULT_ACKNOWLEDGEMENT}, 'en-US', 'USD')`.execute(
        db,
      );
      await db.schema.alterTable('lead_messages').addColumn('from_name', 'text').execute();
      await db.schema
        .alterTable('lead_messages')
        .addColumn('cc', 'text', (column) => column.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('lead_messages').addColumn('email_text', 'text').execute();
      await db.schema
        .createTable('mailbox_checks')
        .addColumn('mailbox', 'text', (column) => column.primaryKey())
        .addColumn('checked_at', timestamp, (column) => column.notNull())
        .addColumn('read_at', timestamp)
        .addColumn('error', 'text')
        .execute();
    },
  };
}
