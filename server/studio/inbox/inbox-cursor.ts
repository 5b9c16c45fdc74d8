import type { InboxPageKey } from '../../store/inbox/inbox-types';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A cursor is two short values; anything longer is not one of ours. */
const CURSOR_MAX_LENGTH = 200;

/** True for ids the store hands out (lower-case UUIDs); others are refused before any query. */
export function isWellFormedId(value: string): boolean {
  return UUID.test(value);
}

/** Opaque to the client: base64url of the last enquiry's time and id. */
function encodeCursor(key: InboxPageKey): string {
  return Buffer.from(JSON.stringify([key.receivedAt.toISOString(), key.id])).toString('base64url');
}

/**
 * A page read as `limit + 1` rows: the first `limit` are shown, and the one more only tells
 * that there is a next page, which starts after the last row shown.
 */
export function toPage<T>(
  rows: readonly T[],
  limit: number,
  keyOf: (row: T) => InboxPageKey,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const hasMore = rows.length > limit && last !== undefined;
  return { items, nextCursor: hasMore ? encodeCursor(keyOf(last)) : null };
}

/** The page key inside a cursor, or null when the cursor is not one this server made. */
export function decodeCursor(cursor: string): InboxPageKey | null {
  if (cursor.length > CURSOR_MAX_LENGTH || !/^[\w-]+$/.test(cursor)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) return null;
  const time: unknown = decoded[0];
  const id: unknown = decoded[1];
  if (typeof time !== 'string' || typeof id !== 'string') return null;
  if (!ISO_INSTANT.test(time) || !isWellFormedId(id)) return null;
  const receivedAt = new Date(time);
  if (Number.isNaN(receivedAt.getTime()) || receivedAt.toISOString() !== time) return null;
  return { receivedAt, id };
}
