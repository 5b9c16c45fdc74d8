import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Letters to subscribers (DESIGN.md, "Letters"): new tables and two nullable columns, so no
 * lock on any table that serves and nothing the previous release reads changes (0094).
 *
 * - `letter_recipients` holds one row per subscriber a letter goes to, made when the letter
 *   starts sending; a copy is claimed by a conditional write on its row, so each confirmed
 *   subscriber gets the letter once across instances and restarts (0121).
 * - `letter_rate_slots` holds LETTER_RATE's N slots; a letter leaves only by taking a slot
 *   last used more than one window ago, so no window of that length ever sees N + 1.
 * - A subscriber whose address bounced or complained is marked in `undeliverable` rather than
 *   in `status`, whose CHECK the previous release relies on and SQLite cannot alter in place.
 *   It has no CHECK of its own: PostgreSQL would read every subscriber under a lock to add one.
 */
export function addLetters(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('letters')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('slug', 'text', (column) => column.notNull().unique())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('preview', 'text', (column) => column.notNull())
        .addColumn('body', 'text', (column) => column.notNull())
        .addColumn('state', 'text', (column) =>
          column
            .notNull()
            .check(sql`state in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled')`),
        )
        .addColumn('send_at', timestamp)
        .addColumn('sent_at', timestamp)
        .addColumn('created_by', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('updated_at', timestamp, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('letters_send_at')
        .on('letters')
        .columns(['state', 'send_at'])
        .execute();

      await db.schema
        .createTable('letter_recipients')
        .addColumn('letter_id', 'text', (column) =>
          column.notNull().references('letters.id').onDelete('cascade'),
        )
        .addColumn('subscriber_id', 'text', (column) =>
          column.notNull().references('subscribers.id').onDelete('cascade'),
        )
        .addColumn('state', 'text', (column) =>
          column
            .notNull()
            .check(
              sql`state in ('waiting', 'sending', 'sent', 'failed', 'bounced', 'complained', 'skipped')`,
            ),
        )
        .addColumn('lease_until', timestamp)
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('sent_at', timestamp)
        .addColumn('failure', 'text')
        .addPrimaryKeyConstraint('letter_recipients_key', ['letter_id', 'subscriber_id'])
        .execute();
      await db.schema
        .createIndex('letter_recipients_state')
        .on('letter_recipients')
        .columns(['letter_id', 'state'])
        .execute();
      await db.schema
        .createIndex('letter_recipients_subscriber')
        .on('letter_recipients')
        .column('subscriber_id')
        .execute();

      await db.schema
        .createTable('letter_rate_slots')
        .addColumn('slot', 'integer', (column) => column.primaryKey())
        .addColumn('used_at_ms', 'bigint', (column) => column.notNull())
        .execute();

      await db.schema.alterTable('subscribers').addColumn('undeliverable', 'text').execute();
      await db.schema.alterTable('subscribers').addColumn('undeliverable_at', timestamp).execute();
    },
  };
}
