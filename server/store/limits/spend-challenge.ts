import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChallengeClaim } from './limit-types';

/**
 * Records the nonce as spent, in the caller's transaction or on its own: true when it was not
 * spent before, on this instance or any other. A concurrent claim of the same nonce waits for
 * this one's transaction and then gets false.
 */
export async function spendChallenge(
  db: Kysely<Database>,
  { nonce, expiresAt }: ChallengeClaim,
): Promise<boolean> {
  const claimed = await db
    .insertInto('spent_challenges')
    .values({ nonce, expires_at: expiresAt.toISOString() })
    .onConflict((conflict) => conflict.column('nonce').doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return claimed !== undefined;
}
