import { sql } from 'kysely';
import { createSmallWrites } from '../db/small-writes';
import { spendChallenge } from './spend-challenge';
import type { StoreContext } from '../db/store-context';

/** One limit key and the most attempts it allows in a window. */
export type AttemptCeiling = { key: string; max: number };

/** A fixed window of a limit: counts are kept per key and window start, until it expires. */
export type LimitWindow = { start: Date; expiresAt: Date };

/** The counts behind every rate limit and the spent proof-of-work solutions, shared by all instances. */
export interface LimitRepository {
  /**
   * Adds one attempt to each key in the window, in one statement. A key already past its max is
   * not written and is missing from the answer; the others come back with their new count, so
   * `max + 1` means this call was the key's first refusal in the window.
   */
  countAttempts(
    ceilings: readonly AttemptCeiling[],
    window: LimitWindow,
  ): Promise<Map<string, number>>;
  /** The counts of the keys in the window; a key never counted is missing. */
  readAttempts(keys: readonly string[], windowStart: Date): Promise<Map<string, number>>;
  /**
   * Moves the keys whose count is exactly at their max one past it, and returns them: the
   * first refusal per key and window is recorded once, later ones write nothing.
   */
  markRefused(ceilings: readonly AttemptCeiling[], windowStart: Date): Promise<string[]>;
  /** Takes `amount` attempts off each key (never below zero): only failures are meant to count. */
  giveBackAttempts(keys: readonly string[], windowStart: Date, amount: number): Promise<void>;
  /** True when the solution's nonce was not spent before; it is then kept until `expiresAt`. */
  claimChallenge(nonce: string, expiresAt: Date): Promise<boolean>;
  /** Deletes counts and spent solutions that expired by `now`; returns how many rows went. */
  purgeExpiredLimits(now: Date): Promise<number>;
}

/** The part of the repository that counts attempts. */
export type AttemptCounts = Pick<
  LimitRepository,
  'countAttempts' | 'readAttempts' | 'markRefused' | 'giveBackAttempts'
>;

export function createLimitRepository(context: StoreContext): LimitRepository {
  const { db, guard } = context;
  const write = createSmallWrites(context);
  return {
    countAttempts: (ceilings, window) =>
      guard('count an attempt', async () => {
        if (ceilings.length === 0) return new Map();
        const rows = await write((trx) =>
          trx
            .insertInto('attempt_counts')
            .values(
              ceilings.map(({ key, max }) => ({
                key,
                window_start: window.start.toISOString(),
                attempts: 1,
                ceiling: max,
                expires_at: window.expiresAt.toISOString(),
              })),
            )
            .onConflict((conflict) =>
              conflict
                .columns(['key', 'window_start'])
                .doUpdateSet((eb) => ({ attempts: eb('attempt_counts.attempts', '+', 1) }))
                .where((eb) => eb('attempt_counts.attempts', '<=', eb.ref('excluded.ceiling'))),
            )
            .returning(['key', 'attempts'])
            .execute(),
        );
        return new Map(rows.map((row) => [row.key, row.attempts]));
      }),

    readAttempts: (keys, windowStart) =>
      guard('read attempt counts', async () => {
        if (keys.length === 0) return new Map();
        const rows = await db
          .selectFrom('attempt_counts')
          .select(['key', 'attempts'])
          .where('key', 'in', keys)
          .where('window_start', '=', windowStart.toISOString())
          .execute();
        return new Map(rows.map((row) => [row.key, row.attempts]));
      }),

    markRefused: (ceilings, windowStart) =>
      guard('record a refusal', async () => {
        if (ceilings.length === 0) return [];
        const rows = await write((trx) =>
          trx
            .updateTable('attempt_counts')
            .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
            .where('window_start', '=', windowStart.toISOString())
            .where((eb) =>
              eb.or(
                ceilings.map(({ key, max }) =>
                  eb.and([eb('key', '=', key), eb('attempts', '=', max)]),
                ),
              ),
            )
            .returning('key')
            .execute(),
        );
        return rows.map((row) => row.key);
      }),

    giveBackAttempts: (keys, windowStart, amount) =>
      guard('give back an attempt', async () => {
        if (keys.length === 0) return;
        await write((trx) =>
          trx
            .updateTable('attempt_counts')
            .set({
              attempts: sql<number>`case when attempts > ${amount} then attempts - ${amount} else 0 end`,
            })
            .where('key', 'in', keys)
            .where('window_start', '=', windowStart.toISOString())
            .where('attempts', '>', 0)
            .execute(),
        );
      }),

    claimChallenge: (nonce, expiresAt) =>
      guard('spend a challenge', () => write((trx) => spendChallenge(trx, { nonce, expiresAt }))),

    purgeExpiredLimits: (now) =>
      guard('purge expired limits', async () => {
        const cutoff = now.toISOString();
        const counts = await db
          .deleteFrom('attempt_counts')
          .where('expires_at', '<=', cutoff)
          .executeTakeFirst();
        const challenges = await db
          .deleteFrom('spent_challenges')
          .where('expires_at', '<=', cutoff)
          .executeTakeFirst();
        return Number(counts.numDeletedRows) + Number(challenges.numDeletedRows);
      }),
  };
}
