import type { ContactMessage, ContactService } from '../../common/contact';
import type { DeliveryState, InboxCounts, InboxStatus } from '../../common/studio-inbox';
import type { AudienceRepository } from './audience/audience-repository';
import type { AuthStore } from './auth/auth-store';
import type { LimitRepository } from './limit-repository';
import type { ChallengeClaim } from './spend-challenge';
import type { MediaRepository } from './site/media-repository';
import type { SiteContentRepository } from './site/site-content-repository';

/** An enquiry as the server accepted it, before it is stored. */
export type NewEnquiry = {
  message: ContactMessage;
  /** True when the submission was judged spam: stored for the record, never emailed. */
  isSpam: boolean;
  /**
   * The solved challenge the enquiry spends, in the enquiry's own transaction; none when the
   * submission solved none. When it was spent before (a replayed solution), the enquiry is
   * stored as spam.
   */
  challenge?: ChallengeClaim | null;
  clientIp: string;
  userAgent: string | null;
  /** The browser's Idempotency-Key, with a hash of the body it came with. */
  idempotency: { key: string; bodyHash: string } | null;
};

export type SaveEnquiryResult =
  /** `isSpam` as stored: spam as judged, or because its challenge had been spent before. */
  | { kind: 'created'; id: string; isSpam: boolean; isSolutionReplayed: boolean }
  /** The same key and body were seen before: answer as the first time, store nothing. */
  | { kind: 'replayed'; id: string }
  /** The same key came with a different body. */
  | { kind: 'conflict' };

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'spam';

export type StoredEnquiry = ContactMessage & {
  id: string;
  createdAt: Date;
  isSpam: boolean;
  clientIp: string;
  userAgent: string | null;
  delivery: {
    status: DeliveryStatus;
    attempts: number;
    lastError: string | null;
    sentAt: Date | null;
  };
};

export type OutboxKind = 'enquiry' | 'newsletter-confirmation' | 'staff-notice';

/** What a staff member is told about a change to how they sign in. */
export type StaffNoticeEvent = 'passkey-added' | 'passkey-removed';

/** An email to a staff member about their own account. */
export type StaffNotice = {
  recipient: string;
  event: StaffNoticeEvent;
  passkeyName: string;
  at: Date;
};

/** What a newsletter confirmation email is composed from. */
export type ConfirmationEmail = {
  subscriberId: string;
  recipient: string;
  confirmToken: string;
  unsubscribeToken: string;
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
);

/** `held`: a sign-up judged spam, kept without an email until the studio recovers it. */
export type SubscriptionStatus = 'held' | 'pending' | 'confirmed' | 'unsubscribed';

/** What the studio's "Send confirmation" did to a held sign-up. */
export type HeldConfirmationOutcome = 'queued' | 'not-held' | 'recently-emailed' | 'not-found';

/** A newsletter address with the proof of its consent. */
export type Subscriber = {
  id: string;
  email: string;
  createdAt: Date;
  status: SubscriptionStatus;
  askedAt: Date | null;
  /** The words of the sign-up box the address used when it asked. */
  wording: string | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
};

/** A sign-up as the box sent it. `now` is the clock, injectable for tests. */
export type SubscriptionRequest = { wording?: string | null; now?: Date };

/** What a link's token is worth: only a `valid` one changes anything. */
export type TokenState = 'valid' | 'unknown' | 'expired';

/** An enquiry as the studio's inbox shows it. */
export type InboxEnquiry = ContactMessage & { id: string; status: InboxStatus; receivedAt: Date };

export type InboxDelivery = {
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
};

/** null delivery: no email was ever queued (a honeypot catch not yet moved out of Spam). */
export type InboxEnquiryDetail = InboxEnquiry & { delivery: InboxDelivery | null };

/** Which enquiries a list shows; `terms` are search words, all of which must match. */
export type InboxFilter = {
  statuses: readonly InboxStatus[];
  service: ContactService | null;
  terms: readonly string[];
};

/** The last enquiry of a page: the next page starts after it (newest first). */
export type InboxPageKey = { receivedAt: Date; id: string };

export type EnquiryListOptions = {
  status?: DeliveryStatus;
  limit?: number;
  before?: { createdAt: Date; id: string };
};

export type ResendOutcome = 'queued' | 'not-resendable' | 'not-found';

export type MailTrouble = { isFailing: boolean; failingSince: Date | null; givenUp: number };

/** The last subscriber of a page: the next page starts after it. */
export type SubscriberPageKey = { createdAt: Date; id: string };

export type SubscriberPageRequest = {
  after: SubscriberPageKey | null;
  limit: number;
  /** Newest first (the studio's list) or oldest first (exports, in the order people joined). */
  order: 'newest' | 'oldest';
  confirmedOnly?: boolean;
};

export type SubscriberCounts = Record<SubscriptionStatus, number>;

/** The studio's inbox: its lists, the workflow status of enquiries and their emails. */
export interface InboxRepository {
  /** Up to `limit` enquiries matching `filter`, newest first, after `after` when given. */
  listInbox(
    filter: InboxFilter,
    after: InboxPageKey | null,
    limit: number,
  ): Promise<InboxEnquiry[]>;
  /** Enquiries per workflow status, the whole inbox. */
  countInbox(): Promise<InboxCounts>;
  /** The enquiry with its email's delivery; a `new` one becomes `read`. */
  openEnquiry(id: string): Promise<InboxEnquiryDetail | null>;
  /**
   * Sets the workflow status. Leaving Spam queues the email of an enquiry that never had one
   * (a honeypot catch), once: `isEmailQueued` says whether this call did.
   */
  setInboxStatus(
    id: string,
    status: InboxStatus,
  ): Promise<{ enquiry: InboxEnquiry; isEmailQueued: boolean } | null>;
  /** Queues a sent or given-up email again; never one still queued, retrying or in Spam. */
  resendEmail(id: string): Promise<ResendOutcome>;
  /** Emails retrying since before `retryingSince`, and those given up. */
  readMailTrouble(retryingSince: Date): Promise<MailTrouble>;
  /** One page of subscribers, by when they signed up, then by id. */
  listSubscriberPage(request: SubscriberPageRequest): Promise<Subscriber[]>;
  /** Subscribers per status, the whole list. */
  countSubscribers(): Promise<SubscriberCounts>;
  /** False when no subscriber has that id. */
  removeSubscriber(id: string): Promise<boolean>;
}

/** The emails not yet delivered: queued, retrying or being sent. */
export type OutboxBacklog = { count: number; oldestCreatedAt: Date | null };

/** Enquiries as visitors sent them, with their delivery status. */
export interface EnquiryRepository {
  /** Writes the enquiry and (unless spam) its outbox row in one transaction. */
  saveEnquiry(enquiry: NewEnquiry): Promise<SaveEnquiryResult>;
  /** Newest first; with `before`, the page that follows the enquiry it names (keyset paging). */
  listEnquiries(options?: EnquiryListOptions): Promise<StoredEnquiry[]>;
  getEnquiry(id: string): Promise<StoredEnquiry | null>;
}

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

/** Newsletter subscribers, by double opt-in. */
export interface SubscriberRepository {
  /**
   * Stores the address once, case-insensitively, as pending, and queues a confirmation email
   * with a new token, at most once per address per 24 hours; a confirmed address is left as it
   * is. A repeat is not an error.
   */
  subscribe(email: string, request?: SubscriptionRequest): Promise<void>;
  /**
   * Keeps a sign-up judged spam as `held`, with its proof, and emails nothing. A new or
   * unsubscribed address becomes held; a held, pending or confirmed one is left as it is.
   */
  holdSubscription(email: string, request?: SubscriptionRequest): Promise<void>;
  /**
   * The studio's recovery of a held sign-up: it becomes pending and its confirmation email is
   * queued, under the same one-email-per-24-hours rule. Only the owner's click confirms it.
   */
  sendHeldConfirmation(id: string, now?: Date): Promise<HeldConfirmationOutcome>;
  /** Every address, or only the confirmed ones. */
  listSubscribers(options?: { confirmedOnly?: boolean }): Promise<Subscriber[]>;
  /** Whether a confirmation token would confirm now; changes nothing. */
  checkConfirmToken(token: string, now?: Date): Promise<TokenState>;
  /** Confirms the subscription and spends the token. */
  confirmSubscription(token: string, now?: Date): Promise<TokenState>;
  /** Whether the unsubscribe token belongs to an address; changes nothing. */
  checkUnsubscribeToken(token: string): Promise<TokenState>;
  /** Unsubscribes the address (again is not an error); `unknown` for a token never issued. */
  unsubscribe(token: string, now?: Date): Promise<TokenState>;
}

/** Everything held about one address. */
export type PersonRecord = {
  email: string;
  enquiries: StoredEnquiry[];
  subscriptions: Subscriber[];
  outbox: { id: string; kind: OutboxKind; createdAt: Date; attempts: number }[];
  /** Audit log lines that name the address (sign-ins and failed attempts with it). */
  audit: { at: Date; event: string; ip: string | null }[];
};

/** What a deletion removed, by id, so the files that belong to it can go too. */
export type Removed = { enquiryIds: string[]; subscriberIds: string[]; outboxRows: number };

/**
 * What forgetting an address did: the deletions, and the audit log lines whose address was
 * replaced by `auditLabel`, a random label that cannot be traced back to it.
 */
export type Forgotten = Removed & { auditEntries: number; auditLabel: string };

/** The ages past which records are deleted. */
export type RetentionCutoffs = {
  /** Enquiries (not spam) received before this. */
  enquiriesBefore: Date;
  /** Spam enquiries received, and held sign-ups asked, before this. */
  spamBefore: Date;
  /** Sign-ups last emailed (or that asked) before this and never confirmed. */
  pendingBefore: Date;
  /** Audit log entries written before this. */
  auditBefore: Date;
};

/** What one purge deleted. */
export type Purged = Removed & { auditEntries: number };

/** The visitor's rights and the retention limits, over every table. */
export interface PrivacyRepository {
  /** Everything held about the address, case-insensitively. */
  describePerson(email: string): Promise<PersonRecord>;
  /**
   * Deletes every enquiry, subscription and outbox email of the address, case-insensitively, and
   * replaces the address in the audit log by one random label.
   */
  forgetPerson(email: string): Promise<Forgotten>;
  /**
   * Deletes what is older than the cutoffs, with its outbox rows. Null when another instance
   * is purging right now (PostgreSQL): it deletes the same records, so this one need not.
   */
  purgeExpired(cutoffs: RetentionCutoffs): Promise<Purged | null>;
}

/**
 * Durable storage for enquiries, their outbox and newsletter subscribers, one repository each.
 * SQLite and PostgreSQL implement it identically; the shared test suites run against both.
 * Every method throws StoreUnavailableError when the database cannot be reached or written.
 */
export interface Store
  extends
    EnquiryRepository,
    OutboxRepository,
    SubscriberRepository,
    InboxRepository,
    PrivacyRepository,
    LimitRepository {
  /** The studio's staff, sessions, welcome links, passkeys and audit log. */
  auth: AuthStore;
  /** The site's content (draft, published, history) and the studio's uploaded images. */
  site: SiteContentRepository & MediaRepository;
  /** Views, Web Vitals and their daily roll-ups, and the visits enquiries came from. */
  audience: AudienceRepository;
  /** Throws when the store cannot answer; used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
}
