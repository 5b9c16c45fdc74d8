import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { SiteContentDraftSchema, type SiteContent } from '../../../common/site-content';
import type { Database, SqlDialect } from '../db/schema';
import { toDate } from '../db/to-date';
import type { HistoryEntryKind } from './site-schema';

/** The columns of a history entry, as every reader of the history selects them. */
export const REVISION_COLUMNS = [
  'id',
  'revision',
  'published_at',
  'published_by',
  'summary',
  'restored_from',
  'restored_published_at',
  'entry_kind',
] as const;

/** How many publishes the history keeps; older ones are deleted at the next publish. */
export const SITE_REVISIONS_KEPT = 100;

/**
 * The PostgreSQL channel a publish notifies, its payload the published revision. Sent inside
 * the publish's transaction, so PostgreSQL delivers it at commit and never for a rollback.
 */
export const SITE_PUBLISHED_CHANNEL = 'site_published';

/** The publish a restored version was first published as. */
export type RestoredFrom = { id: string; publishedAt: Date | null };

export type SiteRevision = {
  /**
   * `publish`, or `replaced_draft`: the unpublished draft a restore replaced, kept so it can be
   * restored in turn (its `publishedAt` is when it was replaced, `publishedBy` who restored).
   */
  kind: HistoryEntryKind;
  id: string;
  revision: string;
  publishedAt: Date;
  /** The staff member's email; null for the first document, which the build provided. */
  publishedBy: string | null;
  summary: string;
  /** Set when this publish was of a restored version, unchanged since the restore. */
  restoredFrom: RestoredFrom | null;
};

/** Who makes a change, and when. */
export type Editor = { by: string | null; now: Date };

/** A publish: who and when, and how its changes are described for the history. */
export type Publisher = Editor & {
  summarize: (before: SiteContent | null, after: SiteContent) => string;
};

type RevisionRow = {
  id: string;
  revision: string;
  published_at: Date | string;
  published_by: string | null;
  summary: string;
  restored_from: string | null;
  restored_published_at: Date | string | null;
  entry_kind: HistoryEntryKind;
};

export function toRevision(row: RevisionRow): SiteRevision {
  return {
    kind: row.entry_kind,
    id: row.id,
    revision: row.revision,
    publishedAt: toDate(row.published_at),
    publishedBy: row.published_by,
    summary: row.summary,
    restoredFrom:
      row.restored_from === null
        ? null
        : {
            id: row.restored_from,
            publishedAt:
              row.restored_published_at === null ? null : toDate(row.restored_published_at),
          },
  };
}

/** Stored documents were validated on the way in; the draft schema keeps the types honest. */
export const parseStoredContent = (json: string): SiteContent =>
  SiteContentDraftSchema.parse(JSON.parse(json));

export async function insertRevision(
  trx: Transaction<Database>,
  entry: SiteRevision & { content: SiteContent },
): Promise<void> {
  await trx
    .insertInto('site_revisions')
    .values({
      id: entry.id,
      revision: entry.revision,
      content: JSON.stringify(entry.content),
      published_at: entry.publishedAt.toISOString(),
      published_by: entry.publishedBy,
      summary: entry.summary,
      restored_from: entry.restoredFrom?.id ?? null,
      restored_published_at: entry.restoredFrom?.publishedAt?.toISOString() ?? null,
      entry_kind: entry.kind,
    })
    .execute();
  await trx
    .deleteFrom('site_revisions')
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('site_revisions')
        .select('id')
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SITE_REVISIONS_KEPT),
    )
    .execute();
}

export async function writePublished(
  trx: Transaction<Database>,
  content: string,
  revision: string,
  { by, now }: Editor,
): Promise<void> {
  const values = { content, revision, updated_at: now.toISOString(), updated_by: by };
  await trx
    .insertInto('site_documents')
    .values({ kind: 'published', ...values })
    .onConflict((conflict) => conflict.column('kind').doUpdateSet(values))
    .execute();
}

/** The history entry `id` as it stands, for a restore's record; null once it was pruned. */
async function findRestored(
  trx: Transaction<Database>,
  id: string | null,
): Promise<RestoredFrom | null> {
  if (id === null) return null;
  const row = await trx
    .selectFrom('site_revisions')
    .select('published_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return { id, publishedAt: row === undefined ? null : toDate(row.published_at) };
}

/**
 * Makes `document` the published one and records it in the history, inside `trx`: the one way
 * a document is published, whether from the draft now or from a schedule. Publishing the
 * revision already published records nothing new and returns its entry.
 */
export async function publishWithin(
  trx: Transaction<Database>,
  dialect: SqlDialect,
  document: { content: SiteContent; revision: string; restoredFrom: string | null },
  { summarize, ...editor }: Publisher,
): Promise<SiteRevision> {
  const published = await trx
    .selectFrom('site_documents')
    .select(['content', 'revision'])
    .where('kind', '=', 'published')
    .executeTakeFirst();
  if (published?.revision === document.revision) {
    const latest = await trx
      .selectFrom('site_revisions')
      .select(REVISION_COLUMNS)
      .where('revision', '=', document.revision)
      .where('entry_kind', '=', 'publish')
      .orderBy('published_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest !== undefined) return toRevision(latest);
  }
  const before = published === undefined ? null : parseStoredContent(published.content);
  const entry: SiteRevision = {
    kind: 'publish',
    id: randomUUID(),
    revision: document.revision,
    publishedAt: editor.now,
    publishedBy: editor.by,
    summary: summarize(before, document.content),
    restoredFrom: await findRestored(trx, document.restoredFrom),
  };
  await writePublished(trx, JSON.stringify(document.content), document.revision, editor);
  await insertRevision(trx, { ...entry, content: document.content });
  // SQLite runs one instance, which swaps its own page after the commit.
  if (dialect === 'postgres') {
    await sql`select pg_notify(${SITE_PUBLISHED_CHANNEL}, ${document.revision})`.execute(trx);
  }
  return entry;
}
