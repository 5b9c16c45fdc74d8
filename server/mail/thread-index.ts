import { createHash } from 'node:crypto';

/** 100-nanosecond ticks between 1601-01-01 (FILETIME's epoch) and 1970-01-01. */
const FILETIME_UNIX_OFFSET = 116_444_736_000_000_000n;

function toFileTime(at: Date): bigint {
  return BigInt(at.getTime()) * 10_000n + FILETIME_UNIX_OFFSET;
}

/** 16 bytes naming the thread: the enquiry's UUID as it is, or a digest of any other id. */
function threadGuid(threadId: string): Buffer {
  const hex = threadId.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex)
    ? Buffer.from(hex, 'hex')
    : createHash('sha256').update(threadId).digest().subarray(0, 16);
}

/**
 * Outlook's Thread-Index for a message `depth` replies below the thread's start: the 22-byte
 * header (the start's FILETIME, top 6 bytes, and a GUID of the thread) and one 5-byte block
 * per level (the time since the start, bits 18 to 48, and the level). Outlook groups messages
 * whose index starts with the same header, and orders them by the blocks; a thread started
 * by the enquiry therefore stays one conversation however many replies follow, even where
 * References were dropped by a gateway.
 */
export function threadIndex(threadId: string, startedAt: Date, depth: number, at: Date): string {
  const start = toFileTime(startedAt);
  const header = Buffer.alloc(22);
  header.writeBigUInt64BE(start, 0);
  threadGuid(threadId).copy(header, 6);
  const delta = toFileTime(at) - (start & ~0xffffn);
  const blocks = Array.from({ length: Math.max(0, depth) }, (_, level) => {
    const block = Buffer.alloc(5);
    block.writeUInt32BE(Number((delta >> 18n) & 0x7fff_ffffn), 0);
    block.writeUInt8((level + 1) & 0xff, 4);
    return block;
  });
  return Buffer.concat([header, ...blocks]).toString('base64');
}
