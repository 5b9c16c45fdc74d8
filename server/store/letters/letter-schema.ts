import type { ColumnType } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';

export type LetterState = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';

/** What became of one subscriber's copy of a letter. */
export type LetterCopyState =
  'waiting' | 'sending' | 'sent' | 'failed' | 'bounced' | 'complained' | 'skipped';

/** A letter to the subscribers (DESIGN.md, "Letters"); `body` is Markdown. */
export type LetterTable = {
  id: string;
  slug: string;
  subject: string;
  preview: string;
  body: string;
  state: LetterState;
  send_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/**
 * One subscriber's copy of a letter. `lease_until` is set while an instance sends it: a copy
 * still `sending` after its lease is one a crash interrupted, and is sent again with the same
 * Message-ID (derived from the letter and the subscriber).
 */
export type LetterRecipientTable = {
  letter_id: string;
  subscriber_id: string;
  state: LetterCopyState;
  lease_until: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: NullableTimestamp;
  failure: string | null;
};

/** LETTER_RATE's slots: a letter leaves only by taking one last used over a window ago. */
export type LetterRateSlotTable = {
  slot: number;
  /** Epoch milliseconds, compared as numbers by both databases. */
  used_at_ms: ColumnType<number | string, number, number>;
};

export type LetterDatabase = {
  letters: LetterTable;
  letter_recipients: LetterRecipientTable;
  letter_rate_slots: LetterRateSlotTable;
};
