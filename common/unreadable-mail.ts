/**
 * A message in the studio's mailbox that could not be read, as the studio lists it
 * (GET /api/studio/mailbox/unreadable). `from` and `subject` are there when they could be read.
 */
export type UnreadableMail = {
  id: string;
  /** ISO 8601: when the mailbox watch set it aside. */
  receivedAt: string;
  /** The whole message's size in the mailbox, in bytes. */
  size: number;
  /** Why it could not be read, in a short sentence for staff. */
  reason: string;
  from?: string;
  subject?: string;
};
