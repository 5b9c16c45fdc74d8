import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Enquiries become leads: a stage, an owner and a follow-up date (`leads`, a row only once
 * the studio changed one), private notes, the email thread with its attachments, where the
 * mailbox watch stopped reading, and the morning digests already sent. Everything belongs to
 * its enquiry and goes with it (forget, retention purge) by cascade; an outgoing reply's
 * outbox row goes with its message.
 */
export function createLeadTables(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  const enquiry = (column: ColumnDefinitionBuilder) =>
    column.notNull().references('enquiries.id').onDelete('cascade');
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('leads')
        .addColumn('enquiry_id', 'text', (column) =>
          column.primaryKey().references('enquiries.id').onDelete('cascade'),
        )
        .addColumn('stage', 'text', (column) =>
          column
            .notNull()
            .defaultTo('new')
            .check(sql`stage in ('new', 'contacted', 'proposal', 'won', 'lost')`),
        )
        .addColumn('owner', 'text')
        .addColumn('follow_up_on', 'text')
        .addColumn('reply_token_hash', 'text', (column) => column.unique())
        .addColumn('last_direction', 'text')
        .addColumn('last_message_at', timestamp)
        .addColumn('unread_reply_at', timestamp)
        .addColumn('stage_changed_at', timestamp)
        .execute();
      await db.schema.createIndex('leads_owner').on('leads').columns(['owner', 'stage']).execute();
      await db.schema.createIndex('leads_stage').on('leads').column('stage').execute();

      await db.schema
        .createTable('lead_notes')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('enquiry_id', 'text', enquiry)
        .addColumn('by', 'text', (column) => column.notNull())
        .addColumn('at', timestamp, (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('lead_notes_enquiry')
        .on('lead_notes')
        .columns(['enquiry_id', 'at'])
        .execute();

      await db.schema
        .createTable('lead_messages')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('enquiry_id', 'text', enquiry)
        .addColumn('direction', 'text', (column) =>
          column.notNull().check(sql`direction in ('in', 'out')`),
        )
        // Ours for a reply, the sender's for an answer: a message is stored once.
        .addColumn('message_id', 'text', (column) => column.notNull().unique())
        .addColumn('in_reply_to', 'text')
        .addColumn('references', 'text', (column) => column.notNull())
        .addColumn('from_address', 'text', (column) => column.notNull())
        .addColumn('to_address', 'text', (column) => column.notNull())
        .addColumn('at', timestamp, (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('text', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) =>
          column
            .notNull()
            .check(sql`state in ('queued', 'sent', 'retrying', 'failed', 'received')`),
        )
        .addColumn('last_error', 'text')
        .addColumn('sent_by', 'text')
        .addColumn('is_truncated', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('lead_messages_enquiry')
        .on('lead_messages')
        .columns(['enquiry_id', 'at'])
        .execute();

      await db.schema
        .createTable('lead_attachments')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('message_id', 'text', (column) =>
          column.notNull().references('lead_messages.id').onDelete('cascade'),
        )
        .addColumn('enquiry_id', 'text', enquiry)
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('type', 'text', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('content', bytes, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('lead_attachments_message')
        .on('lead_attachments')
        .column('message_id')
        .execute();

      // An outgoing reply's outbox row, deleted with its message.
      await db.schema
        .alterTable('outbox')
        .addColumn('lead_message_id', 'text', (column) =>
          column.references('lead_messages.id').onDelete('cascade'),
        )
        .execute();

      await db.schema
        .createTable('mailbox_cursor')
        .addColumn('mailbox', 'text', (column) => column.primaryKey())
        .addColumn('uid_validity', 'text', (column) => column.notNull())
        .addColumn('last_uid', 'bigint', (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('lead_digests')
        .addColumn('day', 'text', (column) => column.notNull())
        .addColumn('owner', 'text', (column) => column.notNull())
        .addColumn('sent_at', timestamp, (column) => column.notNull())
        .addPrimaryKeyConstraint('lead_digests_day_owner', ['day', 'owner'])
        .execute();
    },
  };
}
