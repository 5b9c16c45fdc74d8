import { sql, type Kysely } from 'kysely';
import type { LetterCounts } from '../../../common/letters';
import type { Database } from '../db/schema';

/** Copies not yet settled: `left` in the counts, and what keeps a letter from being sent. */
export const UNSETTLED_COPY_STATES = ['waiting', 'sending'] as const;

const NO_COPIES: LetterCounts = { recipients: 0, sent: 0, failed: 0, bounced: 0, left: 0 };

/**
 * Makes a copy of the letter for every subscriber confirmed now whose address is deliverable,
 * in one statement, so a subscriber who confirms or leaves meanwhile is in or out as a whole.
 */
export async function snapshotRecipients(db: Kysely<Database>, letterId: string): Promise<number> {
  const inserted = await db
    .insertInto('letter_recipients')
    .columns(['letter_id', 'subscriber_id', 'state'])
    .expression((eb) =>
      eb
        .selectFrom('subscribers')
        .select([
          sql<string>`cast(${letterId} as text)`.as('letter_id'),
          'id',
          sql<'waiting'>`'waiting'`.as('state'),
        ])
        .where('status', '=', 'confirmed')
        .where('undeliverable', 'is', null),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n);
}

/** Who would get a copy if the letter started now. */
export async function countDeliverable(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('status', '=', 'confirmed')
    .where('undeliverable', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Each letter's counts, by one grouped read of its copies. */
export async function readCounts(
  db: Kysely<Database>,
  letterIds: readonly string[],
): Promise<Map<string, LetterCounts>> {
  const counts = new Map<string, LetterCounts>();
  if (letterIds.length === 0) return counts;
  const rows = await db
    .selectFrom('letter_recipients')
    .select(['letter_id', 'state', (eb) => eb.fn.countAll().as('count')])
    .where('letter_id', 'in', letterIds)
    .groupBy(['letter_id', 'state'])
    .execute();
  for (const row of rows) {
    const count = Number(row.count);
    const current = counts.get(row.letter_id) ?? { ...NO_COPIES };
    current.recipients += count;
    if (row.state === 'sent') current.sent += count;
    if (row.state === 'failed') current.failed += count;
    if (row.state === 'bounced' || row.state === 'complained') current.bounced += count;
    if (row.state === 'waiting' || row.state === 'sending') current.left += count;
    counts.set(row.letter_id, current);
  }
  return counts;
}

export function countsOf(counts: Map<string, LetterCounts>, letterId: string): LetterCounts {
  return counts.get(letterId) ?? { ...NO_COPIES };
}
