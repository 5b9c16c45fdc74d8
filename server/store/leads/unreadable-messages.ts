import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UnreadableMail } from '../../../common/unreadable-mail';
import type { Database } from '../db/schema';
import { toDate } from '../db/to-date';
import { storableText } from './storable-message';

/** A message the parser could not read, as the mailbox watch sets it aside. */
export type UnreadableMessage = {
  /** Its bytes as fetched: at most the size kept of a received message. */
  raw: Buffer;
  /** The whole message's size in the mailbox. */
  size: number;
  receivedAt: Date;
  reason: string;
  from: string | null;
  subject: string | null;
};

/** The most set-aside messages listed: more would say nothing a count does not. */
const LIST_LIMIT = 100;

const storableOrNull = (text: string | null) => (text === null ? null : storableText(text));

/**
 * Keeps the message, once per raw copy: read again (a retry, a restart before the cursor
 * moved), it is found by its digest and not kept twice.
 */
export async function setAsideUnreadable(
  db: Kysely<Database>,
  message: UnreadableMessage,
): Promise<void> {
  await db
    .insertInto('unreadable_messages')
    .values({
      id: randomUUID(),
      digest: createHash('sha256').update(message.raw).digest('hex'),
      received_at: message.receivedAt.toISOString(),
      size: message.size,
      reason: storableText(message.reason),
      from_address: storableOrNull(message.from),
      subject: storableOrNull(message.subject),
      raw: message.raw,
    })
    .onConflict((conflict) => conflict.column('digest').doNothing())
    .execute();
}

/** The set-aside messages, the newest first. */
export async function listUnreadable(db: Kysely<Database>): Promise<UnreadableMail[]> {
  const rows = await db
    .selectFrom('unreadable_messages')
    .select(['id', 'received_at', 'size', 'reason', 'from_address', 'subject'])
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    receivedAt: toDate(row.received_at).toISOString(),
    size: Number(row.size),
    reason: row.reason,
    ...(row.from_address === null ? {} : { from: row.from_address }),
    ...(row.subject === null ? {} : { subject: row.subject }),
  }));
}

/** The raw copy of one set-aside message; null when there is none by that id. */
export async function readUnreadableRaw(db: Kysely<Database>, id: string): Promise<Buffer | null> {
  const row = await db
    .selectFrom('unreadable_messages')
    .select('raw')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : Buffer.from(row.raw);
}

/** Deletes one set-aside message; false when there was none by that id. */
export async function dismissUnreadable(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('unreadable_messages').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
