import type { Kysely } from 'kysely';
import { toDate } from '../db/to-date';
import type { Database } from '../db/schema';
import type { OutboxBacklog } from './outbox-types';

/** How many emails wait in the outbox and when the oldest of them was queued. */
export async function readOutboxBacklog(db: Kysely<Database>): Promise<OutboxBacklog> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('count'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    oldestCreatedAt: row.oldest === null ? null : toDate(row.oldest),
  };
}
