import type { SavedReply } from '../../../common/saved-replies';
import type { StoreContext } from '../db/store-context';

/** The replies the studio sends often, shared by all staff. */
export interface SavedReplyRepository {
  /** In menu order. */
  listSavedReplies(): Promise<SavedReply[]>;
  /** Replaces the whole list in one transaction: nobody ever reads half of an edit. */
  replaceSavedReplies(items: readonly SavedReply[]): Promise<void>;
}

export function createSavedReplyRepository({ db, guard }: StoreContext): SavedReplyRepository {
  return {
    listSavedReplies: () =>
      guard('list the saved replies', () =>
        db.selectFrom('saved_replies').select(['title', 'text']).orderBy('position').execute(),
      ),
    replaceSavedReplies: (items) =>
      guard('save the saved replies', () =>
        db.transaction().execute(async (trx) => {
          await trx.deleteFrom('saved_replies').execute();
          if (items.length === 0) return;
          await trx
            .insertInto('saved_replies')
            .values(items.map(({ title, text }, position) => ({ position, title, text })))
            .execute();
        }),
      ),
  };
}
