import type { ColumnType } from 'kysely';
import type { NotifyChoice } from '../../../common/staff';
import type { NullableTimestamp, Timestamp } from '../db/timestamps';

/** A member of the studio's staff; no password until they open their welcome link. */
export type StaffTable = {
  id: string;
  email: string;
  /** The address lower-cased in JavaScript, so both databases compare addresses identically. */
  email_key: string;
  password_hash: string | null;
  created_at: Timestamp;
  /** How the person is shown and signs their replies; never empty once set (0024). */
  name: string;
  /** Owners manage the team; the database keeps at least one (docs/decisions/0073). */
  role: 'owner' | 'member';
  /** Plain text that ends the person's replies; may be empty. */
  signature: string;
  /** How they learn a client answered (null: `immediately`, as before the choice existed). */
  notify: NotifyChoice | null;
};

/** Only the SHA-256 of the cookie's session ID is kept; `id` is a separate public handle. */
export type StaffSessionTable = {
  id: string;
  token_hash: string;
  staff_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  user_agent: string | null;
  /** When the person last gave their password or a passkey in this session. */
  proven_at: NullableTimestamp;
};

/** One-time links that let a person choose a password; only the SHA-256 of the token is kept. */
export type WelcomeTokenTable = {
  token_hash: string;
  staff_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type PasskeyTable = {
  id: string;
  staff_id: string;
  /** The credential ID, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** bigint: PostgreSQL returns it as a string, SQLite as a number. */
  sign_count: ColumnType<number | string, number, number>;
  /** JSON array of the authenticator's transports. */
  transports: string;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
};

/** A WebAuthn challenge between its options and its verification: single use, short-lived. */
export type WebauthnChallengeTable = {
  challenge: string;
  purpose: 'registration' | 'authentication';
  /** The signed-in person a registration challenge was issued to; null for sign-in. */
  staff_id: string | null;
  expires_at: Timestamp;
};

export type AuditLogTable = {
  id: string;
  at: Timestamp;
  event: string;
  /** Kept as text, not a reference, so the record outlives the staff member. */
  email: string | null;
  ip: string | null;
  detail: string | null;
};

export type AuthDatabase = {
  staff: StaffTable;
  staff_sessions: StaffSessionTable;
  welcome_tokens: WelcomeTokenTable;
  passkeys: PasskeyTable;
  webauthn_challenges: WebauthnChallengeTable;
  audit_log: AuditLogTable;
};
