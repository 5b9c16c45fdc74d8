import { randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { SiteContent } from '../../../common/site-content';
import type { Database } from '../db/schema';
import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';
import {
  insertRevision,
  parseStoredContent,
  publishWithin,
  REVISION_COLUMNS,
  toRevision,
  writePublished,
  type Editor,
  type Publisher,
  type SiteRevision,
} from './publish-document';

export type SiteDocument = {
  content: SiteContent;
  /** Opaque: compare it, never parse it. */
  revision: string;
  updatedAt: Date;
  updatedBy: string | null;
};

/** A change made only if the draft is still at the revision its editor last saw. */
export type DraftChange =
  { kind: 'saved'; draft: SiteDocument } | { kind: 'conflict'; current: SiteDocument };

export type PublishOutcome =
  | { kind: 'published'; revision: SiteRevision; content: SiteContent }
  | { kind: 'conflict'; current: SiteDocument };

export type RestoreOutcome = DraftChange | { kind: 'not-found' };

export type SiteContentRepository = {
  /**
   * Makes `content` the draft and the published document when there is no draft yet (the
   * first start); true when it did. Several instances starting together seed once.
   */
  seedSiteContent(content: SiteContent, editor: Editor): Promise<boolean>;
  /** Null only before the first start seeded the store. */
  readDraft(): Promise<SiteDocument | null>;
  readPublished(): Promise<SiteDocument | null>;
  /** The published revision alone: what an instance compares with the page it serves. */
  readPublishedRevision(): Promise<string | null>;
  /** Replaces the draft if it is still at `expectedRevision`. */
  saveDraft(content: SiteContent, expectedRevision: string, editor: Editor): Promise<DraftChange>;
  /** Replaces the draft whatever its revision (an import from the command line). */
  replaceDraft(content: SiteContent, editor: Editor): Promise<SiteDocument>;
  /**
   * Publishes the draft if it is still at `expectedRevision` and records it in the history
   * with `summarize(previously published, now published)`. Publishing the draft that is
   * already published records nothing new.
   */
  publishDraft(expectedRevision: string, publisher: Publisher): Promise<PublishOutcome>;
  /** The history, newest first. */
  listSiteRevisions(limit: number): Promise<SiteRevision[]>;
  /** One publish of the history with its document (a preview of an old version), or null. */
  readSiteRevision(id: string): Promise<(SiteRevision & { content: SiteContent }) | null>;
  /**
   * Makes an old publish (or a replaced draft) the draft, if the draft is still at
   * `expectedRevision`. A draft that differs from the published one is kept in the history
   * first, in the same transaction: a restore never loses unpublished work.
   */
  restoreSiteRevision(
    id: string,
    expectedRevision: string,
    editor: Editor,
  ): Promise<RestoreOutcome>;
};

const newRevision = () => randomBytes(12).toString('base64url');

/** What the history says of a draft a restore replaced. */
export const REPLACED_DRAFT_SUMMARY = 'Unpublished changes, replaced by a restore';

type DocumentRow = {
  content: string;
  revision: string;
  updated_at: Date | string;
  updated_by: string | null;
};

function toDocument(row: DocumentRow): SiteDocument {
  return {
    content: parseStoredContent(row.content),
    revision: row.revision,
    updatedAt: toDate(row.updated_at),
    updatedBy: row.updated_by,
  };
}

export function createSiteContentRepository({
  db,
  dialect,
  guard,
}: StoreContext): SiteContentRepository {
  const readDocument = async (
    executor: Transaction<Database> | typeof db,
    kind: 'draft' | 'published',
  ): Promise<SiteDocument | null> => {
    const row = await executor
      .selectFrom('site_documents')
      .select(['content', 'revision', 'updated_at', 'updated_by'])
      .where('kind', '=', kind)
      .executeTakeFirst();
    return row === undefined ? null : toDocument(row);
  };

  const requireDraft = async (executor: Transaction<Database>): Promise<SiteDocument> => {
    const draft = await readDocument(executor, 'draft');
    if (draft === null) throw new Error('The site content was never seeded');
    return draft;
  };

  /** Writes the draft if it is at `expectedRevision`; the update's row lock orders rivals. */
  const writeDraftIfAt = async (
    trx: Transaction<Database>,
    content: SiteContent,
    expectedRevision: string,
    { by, now }: Editor,
    restoredFrom: string | null = null,
  ): Promise<DraftChange> => {
    const revision = newRevision();
    const updated = await trx
      .updateTable('site_documents')
      .set({
        content: JSON.stringify(content),
        revision,
        updated_at: now.toISOString(),
        updated_by: by,
        restored_from: restoredFrom,
      })
      .where('kind', '=', 'draft')
      .where('revision', '=', expectedRevision)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n)
      return { kind: 'conflict', current: await requireDraft(trx) };
    return { kind: 'saved', draft: { content, revision, updatedAt: now, updatedBy: by } };
  };

  return {
    seedSiteContent: (content, editor) =>
      guard('seed the site content', () =>
        db.transaction().execute(async (trx) => {
          const revision = newRevision();
          const json = JSON.stringify(content);
          const inserted = await trx
            .insertInto('site_documents')
            .values({
              kind: 'draft',
              content: json,
              revision,
              updated_at: editor.now.toISOString(),
              updated_by: editor.by,
            })
            .onConflict((conflict) => conflict.column('kind').doNothing())
            .executeTakeFirst();
          if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) return false;
          await writePublished(trx, json, revision, editor);
          await insertRevision(trx, {
            kind: 'publish',
            id: randomUUID(),
            revision,
            content,
            publishedAt: editor.now,
            publishedBy: editor.by,
            summary: 'The site as it was first set up',
            restoredFrom: null,
          });
          return true;
        }),
      ),

    readDraft: () => guard('read the draft', () => readDocument(db, 'draft')),
    readPublished: () => guard('read the published site', () => readDocument(db, 'published')),
    readPublishedRevision: () =>
      guard('read the published revision', async () => {
        const row = await db
          .selectFrom('site_documents')
          .select('revision')
          .where('kind', '=', 'published')
          .executeTakeFirst();
        return row?.revision ?? null;
      }),

    saveDraft: (content, expectedRevision, editor) =>
      guard('save the draft', () =>
        db.transaction().execute((trx) => writeDraftIfAt(trx, content, expectedRevision, editor)),
      ),

    replaceDraft: (content, { by, now }) =>
      guard('replace the draft', async () => {
        const revision = newRevision();
        const values = {
          content: JSON.stringify(content),
          revision,
          updated_at: now.toISOString(),
          updated_by: by,
          restored_from: null,
        };
        await db
          .insertInto('site_documents')
          .values({ kind: 'draft', ...values })
          .onConflict((conflict) => conflict.column('kind').doUpdateSet(values))
          .execute();
        return { content, revision, updatedAt: now, updatedBy: by };
      }),

    publishDraft: (expectedRevision, publisher) =>
      guard('publish the draft', () =>
        db.transaction().execute(async (trx): Promise<PublishOutcome> => {
          // Locks the draft row until commit, so a save cannot slip in between.
          const locked = await trx
            .updateTable('site_documents')
            .set({ revision: expectedRevision })
            .where('kind', '=', 'draft')
            .where('revision', '=', expectedRevision)
            .executeTakeFirst();
          const row = await trx
            .selectFrom('site_documents')
            .select(['content', 'revision', 'updated_at', 'updated_by', 'restored_from'])
            .where('kind', '=', 'draft')
            .executeTakeFirstOrThrow();
          const draft = toDocument(row);
          if (locked.numUpdatedRows === 0n) return { kind: 'conflict', current: draft };
          const restoredFrom = row.restored_from;
          const entry = await publishWithin(
            trx,
            dialect,
            { content: draft.content, revision: draft.revision, restoredFrom },
            publisher,
          );
          return { kind: 'published', revision: entry, content: draft.content };
        }),
      ),

    listSiteRevisions: (limit) =>
      guard('read the site history', async () => {
        const rows = await db
          .selectFrom('site_revisions')
          .select(REVISION_COLUMNS)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map(toRevision);
      }),

    readSiteRevision: (id) =>
      guard('read a version of the site', async () => {
        const row = await db
          .selectFrom('site_revisions')
          .select([...REVISION_COLUMNS, 'content'])
          .where('id', '=', id)
          .executeTakeFirst();
        return row === undefined
          ? null
          : { ...toRevision(row), content: parseStoredContent(row.content) };
      }),

    restoreSiteRevision: (id, expectedRevision, editor) =>
      guard('restore a revision', () =>
        db.transaction().execute(async (trx): Promise<RestoreOutcome> => {
          const row = await trx
            .selectFrom('site_revisions')
            .select('content')
            .where('id', '=', id)
            .executeTakeFirst();
          if (row === undefined) return { kind: 'not-found' };
          const replaced = await requireDraft(trx);
          const published = await readDocument(trx, 'published');
          const content = parseStoredContent(row.content);
          const outcome = await writeDraftIfAt(trx, content, expectedRevision, editor, id);
          // The update succeeded only at `expectedRevision`: `replaced` is what it replaced.
          if (outcome.kind === 'saved' && replaced.revision !== published?.revision) {
            await insertRevision(trx, {
              kind: 'replaced_draft',
              id: randomUUID(),
              revision: replaced.revision,
              content: replaced.content,
              publishedAt: editor.now,
              publishedBy: editor.by,
              summary: REPLACED_DRAFT_SUMMARY,
              restoredFrom: null,
            });
          }
          return outcome;
        }),
      ),
  };
}
