import type { StoreContext } from '../db/store-context';
import { toDate } from '../db/to-date';

/** A letter as its public page shows it: only ever one that was sent. */
export type SentLetter = {
  slug: string;
  subject: string;
  preview: string;
  body: string;
  sentAt: Date;
};

export type SentLetterSummary = Omit<SentLetter, 'body'>;

/** The sent letters, read for the public pages; nothing else of a letter is public. */
export interface PublishedLetters {
  /** Newest first, without their bodies (the archive). */
  listSentLetters(limit: number): Promise<SentLetterSummary[]>;
  /** Newest first, with their bodies (the feed). */
  readLatestSentLetters(limit: number): Promise<SentLetter[]>;
  /** The sent letter of that slug; null for a draft, a letter still sending, or none. */
  readSentLetter(slug: string): Promise<SentLetter | null>;
}

/** A letter reaches 'sent' with its sent_at set; a row without one is shown as sent now. */
const sentAtOf = (sentAt: Date | string | null) => (sentAt === null ? new Date() : toDate(sentAt));

export function createPublishedLetters({ db, guard }: StoreContext): PublishedLetters {
  const sent = () =>
    db
      .selectFrom('letters')
      .where('state', '=', 'sent')
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc');
  const summaryColumns = ['slug', 'subject', 'preview', 'sent_at as sentAt'] as const;
  return {
    listSentLetters: (limit) =>
      guard('list the sent letters', async () =>
        (await sent().select(summaryColumns).limit(limit).execute()).map((row) => ({
          ...row,
          sentAt: sentAtOf(row.sentAt),
        })),
      ),
    readLatestSentLetters: (limit) =>
      guard('read the latest sent letters', async () =>
        (
          await sent()
            .select([...summaryColumns, 'body'])
            .limit(limit)
            .execute()
        ).map((row) => ({
          ...row,
          sentAt: sentAtOf(row.sentAt),
        })),
      ),
    readSentLetter: (slug) =>
      guard('read a sent letter', async () => {
        const row = await sent()
          .select([...summaryColumns, 'body'])
          .where('slug', '=', slug)
          .executeTakeFirst();
        return row === undefined ? null : { ...row, sentAt: sentAtOf(row.sentAt) };
      }),
  };
}
