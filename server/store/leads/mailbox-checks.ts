import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';

/** What the watch last saw of a mailbox: kept in the store, so any instance can tell. */
export type MailboxCheck = {
  checkedAt: Date;
  /** When a check last reached the mailbox; null when none has. */
  readAt: Date | null;
  /** Why the last check failed; null when it read the mailbox. */
  error: string | null;
};

export async function readMailboxCheck(
  db: Kysely<Database>,
  mailbox: string,
): Promise<MailboxCheck | null> {
  const row = await db
    .selectFrom('mailbox_checks')
    .select(['checked_at', 'read_at', 'error'])
    .where('mailbox', '=', mailbox)
    .executeTakeFirst();
  return row === undefined
    ? null
    : {
        checkedAt: toDate(row.checked_at),
        readAt: row.read_at === null ? null : toDate(row.read_at),
        error: row.error,
      };
}

/** A check that read the mailbox (`error` null), or failed and why; a failure keeps `readAt`. */
export async function recordMailboxCheck(
  db: Kysely<Database>,
  mailbox: string,
  check: { at: Date; error: string | null },
): Promise<void> {
  const at = check.at.toISOString();
  const readAt = check.error === null ? at : null;
  await db
    .insertInto('mailbox_checks')
    .values({ mailbox, checked_at: at, read_at: readAt, error: check.error })
    .onConflict((conflict) =>
      conflict.column('mailbox').doUpdateSet((eb) => ({
        checked_at: at,
        error: check.error,
        read_at: check.error === null ? at : eb.ref('mailbox_checks.read_at'),
      })),
    )
    .execute();
}
