import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Proof of consent on subscribers, and an outbox that carries any email: a kind, a recipient
 * and the subscriber it belongs to beside the enquiry. SQLite cannot drop NOT NULL from
 * outbox.enquiry_id, so the outbox is rebuilt there; PostgreSQL alters it in place.
 */
export function addNewsletterConsent(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      // Addresses stored before double opt-in have no proof of consent: they stay pending, so
      // the purge removes them like any sign-up that never confirmed. `held` is a sign-up
      // judged spam: kept, never emailed, until the studio sends its confirmation.
      await db.schema
        .alterTable('subscribers')
        .addColumn('status', 'text', (column) =>
          column
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('held', 'pending', 'confirmed', 'unsubscribed')`),
        )
        .execute();
      for (const column of ['asked_at', 'confirmed_at', 'unsubscribed_at', 'token_expires_at']) {
        await db.schema.alterTable('subscribers').addColumn(column, timestamp).execute();
      }
      await db.schema.alterTable('subscribers').addColumn('last_emailed_at', timestamp).execute();
      await db.schema.alterTable('subscribers').addColumn('wording', 'text').execute();
      await db.schema.alterTable('subscribers').addColumn('confirm_token_hash', 'text').execute();
      await db.schema.alterTable('subscribers').addColumn('unsubscribe_token', 'text').execute();
      await sql`update subscribers set asked_at = created_at`.execute(db);
      await db.schema
        .createIndex('subscribers_confirm_token_hash')
        .on('subscribers')
        .column('confirm_token_hash')
        .unique()
        .execute();
      await db.schema
        .createIndex('subscribers_unsubscribe_token')
        .on('subscribers')
        .column('unsubscribe_token')
        .unique()
        .execute();

      if (dialect === 'postgres') {
        await sql`alter table outbox alter column enquiry_id drop not null`.execute(db);
        await db.schema
          .alterTable('outbox')
          .addColumn('kind', 'text', (column) => column.notNull().defaultTo('enquiry'))
          .execute();
        await db.schema
          .alterTable('outbox')
          .addColumn('subscriber_id', 'text', (column) =>
            column.references('subscribers.id').onDelete('cascade'),
          )
          .execute();
        await db.schema.alterTable('outbox').addColumn('recipient', 'text').execute();
        await db.schema.alterTable('outbox').addColumn('payload', 'text').execute();
        return;
      }
      await db.schema
        .createTable('outbox_next')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('kind', 'text', (column) => column.notNull().defaultTo('enquiry'))
        .addColumn('enquiry_id', 'text', (column) =>
          column.unique().references('enquiries.id').onDelete('cascade'),
        )
        .addColumn('subscriber_id', 'text', (column) =>
          column.references('subscribers.id').onDelete('cascade'),
        )
        .addColumn('recipient', 'text')
        .addColumn('payload', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('available_at', timestamp, (column) => column.notNull())
        .addColumn('locked_until', timestamp)
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
      await sql`insert into outbox_next (id, kind, enquiry_id, created_at, available_at, locked_until, attempts)
        select id, 'enquiry', enquiry_id, created_at, available_at, locked_until, attempts from outbox`.execute(
        db,
      );
      await db.schema.dropTable('outbox').execute();
      await sql`alter table outbox_next rename to outbox`.execute(db);
      await db.schema
        .createIndex('outbox_available_at')
        .on('outbox')
        .column('available_at')
        .execute();
    },
  };
}
