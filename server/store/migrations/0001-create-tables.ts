import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/** enquiries, their outbox and newsletter subscribers. */
export function createTables(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('enquiries')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('service', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('client_ip', 'text', (column) => column.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('idempotency_key', 'text', (column) => column.unique())
        .addColumn('body_hash', 'text')
        .addColumn('status', 'text', (column) =>
          column.notNull().check(sql`status in ('pending', 'sent', 'failed', 'spam')`),
        )
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('sent_at', timestamp)
        .execute();
      await db.schema
        .createIndex('enquiries_created_at')
        .on('enquiries')
        .columns(['created_at', 'id'])
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('enquiry_id', 'text', (column) =>
          column.notNull().unique().references('enquiries.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('available_at', timestamp, (column) => column.notNull())
        .addColumn('locked_until', timestamp)
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('outbox_available_at')
        .on('outbox')
        .column('available_at')
        .execute();

      await db.schema
        .createTable('subscribers')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('email_key', 'text', (column) => column.notNull().unique())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();
    },
  };
}
