import type { Attribution } from './audience';
import type { Lead, LeadStage, LeadSummary } from './leads';
import type { LeadValue } from './lead-value';
import type { ContactService } from './form-constants';

/**
 * Where an enquiry is filed and whether anyone has opened it: `new` and `read` are the inbox,
 * unread and read; `archived` and `spam` are folders. Where the work stands is the lead's
 * stage (docs/decisions/0075-one-lead-lifecycle.md).
 */
export const INBOX_STATUSES = ['new', 'read', 'archived', 'spam'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** The list without a status filter: the inbox, read or not. */
export const OPEN_STATUSES: readonly InboxStatus[] = ['new', 'read'];

export const INBOX_LIMITS = {
  /** Longest search string accepted, in characters. */
  queryLength: 200,
  defaultPageSize: 25,
  maxPageSize: 100,
} as const;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type Enquiry = {
  id: string;
  name: string;
  email: string;
  service: ContactService;
  message: string;
  status: InboxStatus;
  /** ISO 8601 */
  receivedAt: string;
  /** Where it stands as a lead; in lists only. */
  lead?: LeadSummary;
};

export type DeliveryState = 'queued' | 'sent' | 'retrying' | 'failed';

export type EnquiryDelivery = {
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  /** ISO 8601 */
  sentAt: string | null;
};

/**
 * A person: someone the studio deals with, known by an address, whose leads, calls and
 * newsletter sign-up are theirs across every piece of work (`people.ts`).
 */
export type Person = { id: string; name: string; email: string };

/** null: no email was ever queued (a honeypot catch still in Spam). */
export type EnquiryDetail = Enquiry &
  Lead & {
    delivery: EnquiryDelivery | null;
    /** The visit the enquiry came from, when the audience found it. */
    attribution: Attribution | null;
    /** IMAP_AUTHSERV_ID is set: answers can be verified; false: none ever is. */
    canVerifySenders: boolean;
    /** The lead's latest call booked through the site (the first of `calls`), if any. */
    booking: EnquiryBooking | null;
    /** Every call of the person's lead, newest booking first. */
    calls: EnquiryBooking[];
    /** The same person's closed leads, newest first: the work done for them before. */
    earlier: EarlierLead[];
    /** One of `earlier` came before this lead: the person is a returning client. */
    isReturning: boolean;
    /** Whose lead it is; absent or null while the store does not know people yet. */
    person?: Person | null;
  };

/** A closed lead of the same person; `receivedAt` ISO 8601. */
export type EarlierLead = {
  id: string;
  stage: LeadStage;
  value: LeadValue | null;
  receivedAt: string;
};

/** A booked call as the enquiry shows it; times ISO 8601. */
export type EnquiryBooking = {
  id: string;
  start: string;
  end: string;
  state: 'confirmed' | 'pending' | 'cancelled';
};

export type InboxCounts = Record<InboxStatus, number>;

export type EnquiryPage = { items: Enquiry[]; nextCursor: string | null; counts: InboxCounts };

export type MailHealth = {
  /** Some email has been retrying for more than 15 minutes, or has been given up. */
  isFailing: boolean;
  /** ISO 8601: when the oldest of those emails was queued. */
  failingSince: string | null;
  /** Emails given up after their last attempt, not sent again since. */
  givenUp: number;
};

/** `held`: a sign-up judged spam, kept and never emailed until the studio sends its confirmation. */
export type SubscriptionStatus = 'held' | 'pending' | 'confirmed' | 'unsubscribed';

/**
 * What the studio shows of a subscriber: their sign-up's status, unless a letter to them
 * bounced or they complained of one, after which their address is never mailed again.
 */
export type SubscriberStatus = SubscriptionStatus | 'bounced' | 'complained';

export type SubscriberItem = {
  id: string;
  email: string;
  createdAt: string;
  status: SubscriberStatus;
};

export type SubscriberCounts = Record<SubscriberStatus, number>;

/** Newest first; `counts` covers the whole list, not only this page. */
export type SubscriberPage = {
  items: SubscriberItem[];
  nextCursor: string | null;
  counts: SubscriberCounts;
};
