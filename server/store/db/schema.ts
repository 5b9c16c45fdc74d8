import type { ColumnType } from 'kysely';
import type { ContactService } from '../../../common/contact';
import type { AudienceDatabase } from '../audience/audience-schema';
import type { AuthDatabase } from '../auth/auth-schema';
import type { SiteDatabase } from '../site/site-schema';
import type { DeliveryStatus } from '../enquiries/enquiry-types';
import type { OutboxKind } from '../outbox/outbox-types';
import type { InboxStatus, SubscriberStatus } from '../../../common/studio-inbox';

/**
 * Timestamps are written as ISO-8601 UTC strings; PostgreSQL stores them as timestamptz and
 * reads them back as Date, SQLite keeps the text. Readers pass either to `new Date()`.
 */
type Timestamp = ColumnType<Date | string, string, string>;
type NullableTimestamp = ColumnType<Date | string | null, string | null, string | null>;

export type EnquiryTable = {
  id: string;
  created_at: Timestamp;
  name: string;
  email: string;
  service: ContactService;
  message: string;
  client_ip: string;
  user_agent: string | null;
  idempotency_key: string | null;
  body_hash: string | null;
  /** The email's delivery; `spam` means no email was ever queued. */
  status: DeliveryStatus;
  /** Where the studio is with it (new, read, replied, archived, spam). */
  inbox_status: InboxStatus;
  attempts: number;
  last_error: string | null;
  sent_at: NullableTimestamp;
};

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
  created_at: Timestamp;
  available_at: Timestamp;
  locked_until: NullableTimestamp;
  attempts: number;
};

export type SubscriberTable = {
  id: string;
  email: string;
  /** The address lower-cased in JavaScript, so both databases compare addresses identically. */
  email_key: string;
  created_at: Timestamp;
  status: SubscriberStatus;
  /** When the address last asked to subscribe, with the wording of the box it used. */
  asked_at: NullableTimestamp;
  wording: string | null;
  confirmed_at: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
  /** SHA-256 of the pending confirmation token; the token itself is only in the email. */
  confirm_token_hash: string | null;
  token_expires_at: NullableTimestamp;
  /** SHA-256 of the unsubscribe token; the token itself is only in the emails. */
  unsubscribe_token_hash: string | null;
  /** When a confirmation email was last queued, for the one-per-day limit. */
  last_emailed_at: NullableTimestamp;
};

/** Attempts counted by one limit key in one fixed window; `ceiling` is the most it allows. */
export type AttemptCountTable = {
  key: string;
  window_start: Timestamp;
  attempts: number;
  ceiling: number;
  expires_at: Timestamp;
};

/** A proof-of-work solution already accepted, kept until its challenge expires. */
export type SpentChallengeTable = { nonce: string; expires_at: Timestamp };

export type Database = AuthDatabase &
  SiteDatabase &
  AudienceDatabase & {
    enquiries: EnquiryTable;
    outbox: OutboxTable;
    subscribers: SubscriberTable;
    attempt_counts: AttemptCountTable;
    spent_challenges: SpentChallengeTable;
  };

export type SqlDialect = 'sqlite' | 'postgres';
