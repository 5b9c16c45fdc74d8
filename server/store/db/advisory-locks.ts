import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * The PostgreSQL advisory locks this site takes, in one place so two never share a key. They
 * are cluster-wide, so instances on one database see each other's; SQLite runs one instance
 * and needs none. Kysely's migrator uses 3853314791062309107 for its own, narrower lock.
 */
export const ADVISORY_LOCK_KEYS = {
  /** Held from before kysely's bookkeeping tables are created until the schema is current. */
  startUp: 4_119_820_001,
  /** Held by the instance purging expired records, for its transaction. */
  retentionPurge: 4_119_820_002,
  /** Held by the instance writing a day's audience roll-ups, for its transaction. */
  audienceRollup: 4_119_820_003,
  /** Held by the one instance watching the studio's mailbox, for as long as it watches. */
  mailboxWatch: 4_119_820_004,
  /**
   * Held while an instance creates or purges a day's salt, so a salt is never created for a day
   * another instance has just ended (decision 0060).
   */
  daySalts: 4_119_820_005,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCK_KEYS;

/**
 * The first key of the two-key transaction locks, one per address, under which an enquiry
 * joins its person's open lead (0087). PostgreSQL keeps two-key locks apart from one-key ones,
 * so these never meet the keys above.
 */
export const ADDRESS_LOCK_SPACE = 4_242;

/**
 * Runs `work` while this session holds `lock`, waiting for another instance to release it.
 * The lock lives on one connection of the pool, set aside for the duration, so `work` may use
 * the rest of the pool freely.
 */
export async function withSessionLock<DB, T>(
  db: Kysely<DB>,
  lock: AdvisoryLock,
  work: () => Promise<T>,
): Promise<T> {
  const key = sql.lit(ADVISORY_LOCK_KEYS[lock]);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key})`.execute(connection);
    try {
      return await work();
    } finally {
      // If the connection was lost the session is gone and its lock with it: nothing to undo.
      await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => undefined);
    }
  });
}

/**
 * Takes `lock` for the rest of `trx` without waiting; false when another instance holds it.
 * PostgreSQL releases it at commit or rollback.
 */
export async function tryTransactionLock<DB>(
  trx: Transaction<DB>,
  lock: AdvisoryLock,
): Promise<boolean> {
  const { rows } = await sql<{
    isLocked: boolean;
  }>`select pg_try_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_KEYS[lock])}) as "isLocked"`.execute(
    trx,
  );
  return rows[0]?.isLocked === true;
}

/**
 * Takes `lock` for the rest of `trx`, waiting for another instance to release it. PostgreSQL
 * releases it at commit or rollback.
 */
export async function holdTransactionLock<DB>(
  trx: Transaction<DB>,
  lock: AdvisoryLock,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(ADVISORY_LOCK_KEYS[lock])})`.execute(trx);
}
