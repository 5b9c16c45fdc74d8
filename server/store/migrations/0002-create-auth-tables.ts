import type { Kysely, Migration } from 'kysely';
import type { SqlDialect } from '../db/schema';

/** Staff, their sessions, welcome links, passkeys, WebAuthn challenges and the audit log. */
export function createAuthTables(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('staff')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('email_key', 'text', (column) => column.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('staff_sessions')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('token_hash', 'text', (column) => column.notNull().unique())
        .addColumn('staff_id', 'text', (column) =>
          column.notNull().references('staff.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('last_seen_at', timestamp, (column) => column.notNull())
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema
        .createIndex('staff_sessions_staff_id')
        .on('staff_sessions')
        .column('staff_id')
        .execute();

      await db.schema
        .createTable('welcome_tokens')
        .addColumn('token_hash', 'text', (column) => column.primaryKey())
        .addColumn('staff_id', 'text', (column) =>
          column.notNull().references('staff.id').onDelete('cascade'),
        )
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .addColumn('used_at', timestamp)
        .execute();

      await db.schema
        .createTable('passkeys')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('staff_id', 'text', (column) =>
          column.notNull().references('staff.id').onDelete('cascade'),
        )
        .addColumn('credential_id', 'text', (column) => column.notNull().unique())
        .addColumn('public_key', 'text', (column) => column.notNull())
        .addColumn('sign_count', 'bigint', (column) => column.notNull())
        .addColumn('transports', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('created_at', timestamp, (column) => column.notNull())
        .addColumn('last_used_at', timestamp)
        .execute();

      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge', 'text', (column) => column.primaryKey())
        .addColumn('purpose', 'text', (column) => column.notNull())
        .addColumn('staff_id', 'text', (column) =>
          column.references('staff.id').onDelete('cascade'),
        )
        .addColumn('expires_at', timestamp, (column) => column.notNull())
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('at', timestamp, (column) => column.notNull())
        .addColumn('event', 'text', (column) => column.notNull())
        .addColumn('email', 'text')
        .addColumn('ip', 'text')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
    },
  };
}
