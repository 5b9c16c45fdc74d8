import type { NullableTimestamp, Timestamp } from '../db/timestamps';
import type { OutboxKind } from './outbox-types';

/** One row per email still to send; deleted once the email is sent or has failed for good. */
export type OutboxTable = {
  id: string;
  kind: OutboxKind;
  /** The enquiry an `enquiry` email notifies the studio of. */
  enquiry_id: string | null;
  /** The subscriber a newsletter email goes to; the row goes with the subscriber. */
  subscriber_id: string | null;
  /** Where a newsletter email goes (an enquiry email goes to MAIL_TO). */
  recipient: string | null;
  /** JSON the email is composed from; deleted with the row once the email is sent. */
  payload: string | null;
  /** The thread message a `lead-reply` email sends; the row goes with the message. */
  lead_message_id: string | null;
  created_at: Timestamp;
  available_at: Timestamp;
  locked_until: NullableTimestamp;
  attempts: number;
};

export type OutboxDatabase = { outbox: OutboxTable };
