import { randomUUID } from 'node:crypto';
import type { StoreContext } from './store-context';
import type { Subscriber, SubscriberRepository } from './store';
import { toDate } from './to-date';

/** Newsletter subscribers, one row per address whatever its case. */
export function createSubscriberRepository({ db, guard }: StoreContext): SubscriberRepository {
  return {
    subscribe: (email: string) =>
      guard('subscribe', async () => {
        await db
          .insertInto('subscribers')
          .values({
            id: randomUUID(),
            email,
            email_key: email.toLowerCase(),
            created_at: new Date().toISOString(),
          })
          .onConflict((conflict) => conflict.column('email_key').doNothing())
          .execute();
      }),

    listSubscribers: () =>
      guard('list subscribers', async () => {
        const rows = await db
          .selectFrom('subscribers')
          .select(['email', 'created_at'])
          .orderBy('created_at')
          .orderBy('email_key')
          .execute();
        return rows.map((row): Subscriber => ({
          email: row.email,
          createdAt: toDate(row.created_at),
        }));
      }),
  };
}
