import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each person's choice of how they learn that a client answered a lead of theirs: `notify`,
 * null meaning `immediately` (the default, so every colleague of the previous release is told).
 */
export function addAnswerNotices(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('staff')
        .addColumn('notify', 'text', (column) =>
          column.check(sql`notify is null or notify in ('immediately', 'digest', 'never')`),
        )
        .execute();
    },
  };
}
