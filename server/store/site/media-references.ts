import type { StoreContext } from '../db/store-context';

/** An image's hash wherever a content document names one of its files. */
const MEDIA_HASH = /\/media\/([0-9a-f]{64})-/g;

const hashesIn = (contents: readonly string[]): Set<string> =>
  new Set(contents.flatMap((content) => [...content.matchAll(MEDIA_HASH)].map((m) => m[1] ?? '')));

export type MediaReferences = {
  /**
   * Images the world may see: those of the published page, of every kept publish, and of every
   * letter that has started leaving (its copies show them in mailboxes).
   */
  listPublicMediaHashes(): Promise<Set<string>>;
  /**
   * Deletes images uploaded before `before` that neither the draft, the published page, a kept
   * publish nor any letter names; returns how many.
   */
  deleteUnreferencedMedia(before: Date): Promise<number>;
};

export function createMediaReferences({ db, guard }: StoreContext): MediaReferences {
  const publicContents = async (): Promise<string[]> => {
    const published = await db
      .selectFrom('site_documents')
      .select('content')
      .where('kind', '=', 'published')
      .execute();
    const revisions = await db.selectFrom('site_revisions').select('content').execute();
    const letters = await db
      .selectFrom('letters')
      .select('body as content')
      .where('state', 'in', ['sending', 'paused', 'sent'])
      .execute();
    return [...published, ...revisions, ...letters].map((row) => row.content);
  };

  return {
    listPublicMediaHashes: () =>
      guard('list the published images', async () => hashesIn(await publicContents())),

    deleteUnreferencedMedia: (before) =>
      guard('delete unused images', () =>
        db.transaction().execute(async (trx) => {
          const documents = await trx.selectFrom('site_documents').select('content').execute();
          const revisions = await trx.selectFrom('site_revisions').select('content').execute();
          const letters = await trx.selectFrom('letters').select('body as content').execute();
          const used = hashesIn([...documents, ...revisions, ...letters].map((row) => row.content));
          const old = await trx
            .selectFrom('media')
            .select('hash')
            .where('created_at', '<', before.toISOString())
            .execute();
          const unused = old.map((row) => row.hash).filter((hash) => !used.has(hash));
          if (unused.length === 0) return 0;
          await trx.deleteFrom('media_files').where('hash', 'in', unused).execute();
          await trx.deleteFrom('media').where('hash', 'in', unused).execute();
          return unused.length;
        }),
      ),
  };
}
