import type { StoreContext } from '../db/store-context';

/** What a report said of one subscriber's copy of a letter. */
export type CopyReport = {
  letterId: string;
  subscriberId: string;
  kind: 'bounced' | 'complained';
  at: Date;
};

/** Bounces and complaints about letters, read from the studio's mailbox. */
export interface LetterReports {
  /**
   * Marks the copy and its subscriber's address undeliverable, in one transaction, so the
   * address is never mailed a letter again. A complaint outweighs a bounce, never the reverse,
   * and the first time an address was marked is kept. False when no such copy exists.
   */
  markCopyUndeliverable(report: CopyReport): Promise<boolean>;
}

export function createLetterReports({ db, guard }: StoreContext): LetterReports {
  return {
    markCopyUndeliverable: ({ letterId, subscriberId, kind, at }) =>
      guard('mark a letter copy undeliverable', () =>
        db.transaction().execute(async (trx) => {
          const copy = await trx
            .selectFrom('letter_recipients')
            .select('state')
            .where('letter_id', '=', letterId)
            .where('subscriber_id', '=', subscriberId)
            .executeTakeFirst();
          if (copy === undefined) return false;
          if (copy.state !== 'complained') {
            await trx
              .updateTable('letter_recipients')
              .set({ state: kind, lease_until: null })
              .where('letter_id', '=', letterId)
              .where('subscriber_id', '=', subscriberId)
              .execute();
          }
          const subscriber = await trx
            .selectFrom('subscribers')
            .select(['undeliverable', 'undeliverable_at'])
            .where('id', '=', subscriberId)
            .executeTakeFirst();
          if (subscriber !== undefined && subscriber.undeliverable !== 'complained') {
            await trx
              .updateTable('subscribers')
              .set({
                undeliverable: kind,
                undeliverable_at:
                  subscriber.undeliverable_at === null
                    ? at.toISOString()
                    : new Date(subscriber.undeliverable_at).toISOString(),
              })
              .where('id', '=', subscriberId)
              .execute();
          }
          return true;
        }),
      ),
  };
}
