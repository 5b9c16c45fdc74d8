import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/**
 * Mail the parser cannot read, set aside for staff with its raw copy (at most the size kept of
 * any received message), the reason in words and whatever From and Subject could be read. It
 * belongs to no enquiry: staff dismiss it, or the retention purge deletes it with spam. The
 * digest of the raw copy is unique, so a message read again after a retry is set aside once.
 */
export function createUnreadableMessages(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('unreadable_messages')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('digest', 'text', (column) => column.notNull().unique())
        .addColumn('received_at', timestamp, (column) => column.notNull())
        .addColumn('size', 'bigint', (column) => column.notNull())
        .addColumn('reason', 'text', (column) => column.notNull())
        .addColumn('from_address', 'text')
        .addColumn('subject', 'text')
        .addColumn('raw', bytes, (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('unreadable_messages_received')
        .on('unreadable_messages')
        .column('received_at')
        .execute();
    },
  };
}
