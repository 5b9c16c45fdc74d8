import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { ADVISORY_LOCK_KEYS, type AdvisoryLock } from './advisory-locks';

/**
 * Runs `work` while this session holds `lock`, if no other instance holds it: false at once
 * when one does. The lock lives on one connection of the pool, set aside for the duration.
 *
 * That connection can die under `work` (PostgreSQL restarted, or the session was terminated),
 * and the lock with it, while `work` goes on over the rest of the pool: so the connection is
 * asked every `checkIntervalMs` whether it is still there, and `lost` aborts the first time it
 * is not; `work` must then end. A holder notices within one interval and a round trip, so a
 * new holder waits two intervals before starting `work`: the old one has stopped by then.
 */
export async function tryWithWatchedSessionLock<DB>(
  db: Kysely<DB>,
  lock: AdvisoryLock,
  work: (lost: AbortSignal) => Promise<void>,
  checkIntervalMs: number,
): Promise<boolean> {
  const key = sql.lit(ADVISORY_LOCK_KEYS[lock]);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{
      isLocked: boolean;
    }>`select pg_try_advisory_lock(${key}) as "isLocked"`.execute(connection);
    if (rows[0]?.isLocked !== true) return false;
    const lost = new AbortController();
    let isDone = false;
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      if (isDone) return;
      timer = setTimeout(() => {
        sql`select 1`.execute(connection).then(check, () => {
          if (!isDone) lost.abort();
        });
      }, checkIntervalMs);
    };
    check();
    try {
      await sleep(2 * checkIntervalMs, undefined, { signal: lost.signal }).catch(() => undefined);
      if (!lost.signal.aborted) await work(lost.signal);
      return true;
    } finally {
      isDone = true;
      clearTimeout(timer);
      // A lost connection took its lock with it: nothing to undo, and nothing to ask it.
      if (!lost.signal.aborted) {
        await sql`select pg_advisory_unlock(${key})`.execute(connection).catch(() => undefined);
      }
    }
  });
}
