import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Where the mailbox watch stopped: UIDs up to `lastUid` are read, while UIDVALIDITY holds. */
export type MailboxCursor = { uidValidity: string; lastUid: number };

export async function readMailboxCursor(
  db: Kysely<Database>,
  mailbox: string,
): Promise<MailboxCursor | null> {
  const row = await db
    .selectFrom('mailbox_cursor')
    .select(['uid_validity', 'last_uid'])
    .where('mailbox', '=', mailbox)
    .executeTakeFirst();
  return row === undefined
    ? null
    : { uidValidity: row.uid_validity, lastUid: Number(row.last_uid) };
}

export async function saveMailboxCursor(
  db: Kysely<Database>,
  mailbox: string,
  cursor: MailboxCursor,
): Promise<void> {
  await db
    .insertInto('mailbox_cursor')
    .values({ mailbox, uid_validity: cursor.uidValidity, last_uid: cursor.lastUid })
    .onConflict((conflict) =>
      conflict
        .column('mailbox')
        .doUpdateSet({ uid_validity: cursor.uidValidity, last_uid: cursor.lastUid }),
    )
    .execute();
}
