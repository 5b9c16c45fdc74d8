import type { SubscriptionStatus } from '../../../common/studio-inbox';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';

export type SubscriberTable = {
  id: string;
  email: string;
  /** The address lower-cased in JavaScript, so both databases compare addresses identically. */
  email_key: string;
  created_at: Timestamp;
  status: SubscriptionStatus;
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
  /** Set when a delivery report (bounced) or an abuse report (complained) names the address: never mailed again. */
  undeliverable: 'bounced' | 'complained' | null;
  undeliverable_at: NullableTimestamp;
};

export type SubscriberDatabase = { subscribers: SubscriberTable };
