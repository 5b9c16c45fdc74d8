import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Whether the studio's mail server vouched for a received answer's From address (1 or 0);
 * null for the studio's own replies. Answers stored before were never checked, so they
 * become unverified: the studio sees them labelled as such, which is what they always were
 * (docs/decisions/0063-verified-senders.md).
 */
export function addVerifiedSenders(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('lead_messages').addColumn('is_verified', 'integer').execute();
      await sql`update lead_messages set is_verified = 0 where direction = 'in'`.execute(db);
    },
  };
}
