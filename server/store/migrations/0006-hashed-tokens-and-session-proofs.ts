import { sql, type Kysely, type Migration } from 'kysely';
import { hashToken } from '../subscribers/newsletter-tokens';
import type { SqlDialect } from '../db/schema';

type LegacyToken = { id: string; unsubscribe_token: string };

/**
 * Two things a leak or a stolen cookie must not give away (docs/decisions/0033).
 *
 * Unsubscribe tokens were kept in clear; from here only their SHA-256 is, like confirmation
 * tokens, so a leaked database or backup unsubscribes nobody. The hashes are computed here, in
 * JavaScript, because SQLite has no SHA-256; a link already in someone's mailbox hashes to the
 * same value and keeps working.
 *
 * Sessions gain `proven_at`: when the person last gave their password or a passkey in this
 * session. Adding a passkey needs a recent one; sessions from before have none, so their owner
 * is asked for the password once.
 */
export function hashTokensAndRecordProofs(dialect: SqlDialect): Migration {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('staff_sessions').addColumn('proven_at', timestamp).execute();
      await db.schema
        .alterTable('subscribers')
        .addColumn('unsubscribe_token_hash', 'text')
        .execute();
      const { rows } = await sql<LegacyToken>`
        select id, unsubscribe_token from subscribers where unsubscribe_token is not null
      `.execute(db);
      for (const row of rows) {
        await sql`update subscribers set unsubscribe_token_hash = ${hashToken(row.unsubscribe_token)}
          where id = ${row.id}`.execute(db);
      }
      await db.schema
        .createIndex('subscribers_unsubscribe_token_hash')
        .on('subscribers')
        .column('unsubscribe_token_hash')
        .unique()
        .execute();
      await db.schema.dropIndex('subscribers_unsubscribe_token').execute();
      await db.schema.alterTable('subscribers').dropColumn('unsubscribe_token').execute();
    },
  };
}
