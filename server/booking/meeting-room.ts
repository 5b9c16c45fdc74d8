import { randomBytes } from 'node:crypto';

/** 128 bits: no one finds a call's room by trying names. */
const ROOM_BYTES = 16;

/**
 * A call's own video room name: lower-case hex, since some video services (Jitsi among them)
 * read a room's name without case and would otherwise join rooms that differ only by it.
 */
export function createMeetingRoomName(): string {
  return `emberink-${randomBytes(ROOM_BYTES).toString('hex')}`;
}
