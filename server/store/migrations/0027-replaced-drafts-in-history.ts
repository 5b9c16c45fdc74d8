import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The site's history keeps, beside every publish, the unpublished draft a restore replaced
 * (`entry_kind = 'replaced_draft'`), so restoring an old version never loses the work it
 * replaced. Every entry before this one is a publish.
 */
export function addReplacedDraftsToHistory(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('site_revisions')
        .addColumn('entry_kind', 'text', (column) =>
          column
            .notNull()
            .defaultTo('publish')
            .check(sql`entry_kind in ('publish', 'replaced_draft')`),
        )
        .execute();
    },
  };
}
