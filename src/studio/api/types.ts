import type { ContactService } from '../../../common/form-constants';
import type { SubscriberStatus } from '../../../common/studio-inbox';

/** The API's shapes, as docs/studio-api.md describes them. Times are ISO 8601 strings. */

export const ENQUIRY_STATUSES = ['new', 'read', 'replied', 'archived', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export type Enquiry = {
  id: string;
  name: string;
  email: string;
  service: string;
  message: string;
  status: EnquiryStatus;
  receivedAt: string;
};

export type Delivery = {
  state: 'queued' | 'sent' | 'retrying' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
};

/** `delivery` is null when no email was ever queued (a spam catch). */
export type EnquiryDetail = Enquiry & { delivery: Delivery | null };

export type StatusCounts = Record<EnquiryStatus, number>;

export type EnquiryPage = { items: Enquiry[]; nextCursor: string | null; counts: StatusCounts };

/** What the inbox shows; no status means everything but archived and spam. */
export type EnquiryFilters = { status?: EnquiryStatus; service?: ContactService; q?: string };

export type MailHealth = { isFailing: boolean; failingSince: string | null; givenUp: number };

export type Me = { staff: { email: string }; mail: MailHealth };

export type SignedIn = { success: true; staff: { email: string } };

export type StaffSession = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  isCurrent: boolean;
};

export type Subscriber = {
  id: string;
  email: string;
  createdAt: string;
  status: SubscriberStatus;
};

/** Newest first; `counts` covers every subscriber, not only this page. */
export type SubscriberPage = {
  items: Subscriber[];
  nextCursor: string | null;
  counts: Record<SubscriberStatus, number>;
};

export type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

export type ExportFormat = 'csv' | 'json';
