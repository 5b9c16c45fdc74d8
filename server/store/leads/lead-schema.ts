import type { ColumnType } from 'kysely';
import type { CalendarAnswer, LeadStage } from '../../../common/leads';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';

/** A lead's own fields; the row exists once any of them left its default. */
export type LeadTable = {
  enquiry_id: string;
  stage: LeadStage;
  owner: string | null;
  /** `YYYY-MM-DD`, in the studio's time zone. */
  follow_up_on: string | null;
  /** SHA-256 of the thread's reply token; the token itself is derived, never stored. */
  reply_token_hash: string | null;
  /** Who spoke last in the thread, and when. */
  last_direction: 'in' | 'out' | null;
  last_message_at: NullableTimestamp;
  /** When an answer arrived that nobody has opened since; null when none is new. */
  unread_reply_at: NullableTimestamp;
  stage_changed_at: NullableTimestamp;
  /** What the lead is worth, in the currency's minor units; null with its currency. */
  value_amount: ColumnType<number | string | null, number | null, number | null>;
  /** ISO 4217, upper case; null with the amount. */
  value_currency: string | null;
};

export type LeadNoteTable = {
  id: string;
  enquiry_id: string;
  by: string;
  at: Timestamp;
  text: string;
};

export type LeadMessageTable = {
  id: string;
  enquiry_id: string;
  direction: 'in' | 'out';
  /** With its angle brackets, as in the header. */
  message_id: string;
  in_reply_to: string | null;
  /** The References chain, space-separated, oldest first. */
  references: string;
  from_address: string;
  to_address: string;
  at: Timestamp;
  subject: string;
  text: string;
  state: 'queued' | 'sent' | 'retrying' | 'failed' | 'received';
  last_error: string | null;
  /** The staff member who wrote an outgoing reply. */
  sent_by: string | null;
  /** 1 when part of a received message was left out. */
  is_truncated: number;
  /**
   * A received answer: 1 when the studio's mail server vouched for its From address, else 0;
   * null for the studio's own replies.
   */
  is_verified: number | null;
  /** The name an outgoing message was sent in ("Sam Rivera at Ember & Ink"); null: received. */
  from_name: string | null;
  /** The addresses an outgoing message copied, comma-separated; '' for none. */
  cc: ColumnType<string, string | undefined, string>;
  /** What an outgoing message's email says (signature and quote included); null: `text`. */
  email_text: string | null;
  /** A calendar's answer to a call's invitation (common/leads.ts `CalendarAnswer`); null: none. */
  calendar_answer: ColumnType<CalendarAnswer | null, CalendarAnswer | null | undefined, never>;
};

export type LeadAttachmentTable = {
  id: string;
  message_id: string;
  enquiry_id: string;
  name: string;
  type: string;
  size: number;
  content: Buffer;
};

/** Where the mailbox watch stopped: the last UID stored, valid while UIDVALIDITY holds. */
export type MailboxCursorTable = {
  mailbox: string;
  uid_validity: string;
  last_uid: ColumnType<number | string, number, number>;
};

/** A message the parser could not read, set aside with its raw copy (unreadable-messages.ts). */
export type UnreadableMessageTable = {
  id: string;
  /** SHA-256 of `raw`, hex. */
  digest: string;
  received_at: Timestamp;
  /** The whole message's size in the mailbox, in bytes; `raw` holds at most the size kept. */
  size: ColumnType<number | string, number, number>;
  reason: string;
  from_address: string | null;
  subject: string | null;
  raw: Buffer;
};

/** What the mailbox watch last saw: when it checked, when a check last read, and why not. */
export type MailboxCheckTable = {
  mailbox: string;
  checked_at: Timestamp;
  /** The last check that reached the mailbox; null when none has. */
  read_at: NullableTimestamp;
  /** Why the last check failed, in words; null when it read the mailbox. */
  error: string | null;
};

/** One row per owner and day whose morning digest went into the outbox. */
export type LeadDigestTable = { day: string; owner: string; sent_at: Timestamp };

export type LeadDatabase = {
  leads: LeadTable;
  lead_notes: LeadNoteTable;
  lead_messages: LeadMessageTable;
  lead_attachments: LeadAttachmentTable;
  mailbox_cursor: MailboxCursorTable;
  mailbox_checks: MailboxCheckTable;
  lead_digests: LeadDigestTable;
  unreadable_messages: UnreadableMessageTable;
};
