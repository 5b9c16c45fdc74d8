import type { BookingEmail } from '../bookings/booking-repository-types';
import type { LeadDigest, LeadReplyEmail } from '../leads/lead-types';
import type { StoredEnquiry } from '../enquiries/enquiry-types';

export type OutboxKind =
  | 'enquiry'
  | 'newsletter-confirmation'
  | 'staff-notice'
  | 'lead-reply'
  | 'lead-digest'
  | 'lead-assigned'
  | 'lead-answered'
  | 'lead-returned'
  | 'booking';

/** What a staff member is told about a change to how they sign in. */
export type StaffNoticeEvent = 'passkey-added' | 'passkey-removed';

/** An email to a staff member about their own account, or inviting them to the team. */
export type StaffNotice = { recipient: string; at: Date } & (
  | { event: StaffNoticeEvent; passkeyName: string }
  | {
      event: 'invited';
      /** The name of the owner who invited them. Their link is minted when the email is sent. */
      invitedBy: string;
    }
);

/**
 * Whom a newsletter confirmation email goes to. Its links are not here: they are minted when the
 * email is sent (mintConfirmationLinks), so no token is ever written to the database.
 */
export type ConfirmationEmail = {
  subscriberId: string;
  recipient: string;
};

/** A lead given to a colleague, as the email telling them is composed from it. */
export type LeadAssignment = {
  recipient: string;
  enquiryId: string;
  /** The client's name and the service they asked about, read when the email is sent. */
  name: string;
  service: string;
  /** Who gave it to them, by name (their address if they have left the staff); null when no one signed in did. */
  by: string | null;
  /**
   * `lead-answered`: the answer told of, as it is stored; null for an assignment, a notice
   * queued before notices named their answer, or an answer forgotten since.
   */
  answer: LeadAnswer | null;
};

/** A client's answer, as the notice of it quotes it. */
export type LeadAnswer = {
  /** The From address it came with. */
  from: string;
  text: string;
  /** The studio's mail server vouched for `from` (see ThreadMessage.isVerified). */
  isVerified: boolean;
};

/** One email waiting in the outbox, leased to the worker that claimed it. */
export type OutboxJob = { id: string; attempts: number } & (
  | { kind: 'enquiry'; enquiry: StoredEnquiry; confirmation?: undefined; notice?: undefined }
  | {
      kind: 'newsletter-confirmation';
      confirmation: ConfirmationEmail;
      enquiry?: undefined;
      notice?: undefined;
    }
  | { kind: 'staff-notice'; notice: StaffNotice; enquiry?: undefined; confirmation?: undefined }
  | { kind: 'lead-reply'; reply: LeadReplyEmail; enquiry?: undefined; confirmation?: undefined }
  | { kind: 'lead-digest'; digest: LeadDigest; enquiry?: undefined; confirmation?: undefined }
  | { kind: 'booking'; email: BookingEmail; enquiry?: undefined; confirmation?: undefined }
  | {
      /**
       * `lead-answered`: the lead's client answered; `lead-returned`: the client of a closed lead
       * of theirs came back, in the lead `enquiryId`. `assignment.recipient` is to be told.
       */
      kind: 'lead-assigned' | 'lead-answered' | 'lead-returned';
      assignment: LeadAssignment;
      enquiry?: undefined;
      confirmation?: undefined;
    }
);

/** The emails not yet delivered: queued, retrying or being sent. */
export type OutboxBacklog = { count: number; oldestCreatedAt: Date | null };

/** The emails waiting to be sent. */
export interface OutboxRepository {
  /**
   * Leases up to `limit` due outbox rows for `leaseMs`; a row whose lease ran out (its worker
   * crashed) becomes claimable again. Concurrent callers never receive the same row.
   */
  claimDueEmails(limit: number, leaseMs: number): Promise<OutboxJob[]>;
  markEmailSent(jobId: string): Promise<void>;
  /** Records the error; `retryAt` null marks the email as permanently failed. */
  markEmailFailed(jobId: string, error: string, retryAt: Date | null): Promise<void>;
  /** For /readyz and /metrics: how many emails wait, and since when the oldest. */
  readOutboxBacklog(): Promise<OutboxBacklog>;
  /** Puts a failed email back in the outbox; false when the enquiry is not failed. */
  requeueEmail(enquiryId: string): Promise<boolean>;
}
