import type { NotifyChoice, StaffRole } from '../../../common/staff';
import type { Attribution } from '../../../common/audience';
import type { ContactService } from '../../../common/form-constants';
import type { Lead, LeadStage, LeadSummary } from '../../../common/leads';
import type { SiteContent } from '../../../common/site-content';
import type { SiteContentFieldErrors } from '../../../common/site-content-errors';
import type { ContentImage } from '../../../common/site-content-rules';
import type { Person, SubscriberStatus } from '../../../common/studio-inbox';

/** The API's shapes, as docs/studio-api.md describes them. Times are ISO 8601 strings. */

/** Where an enquiry is filed and whether it was opened; its state is the lead's stage (0075). */
export const ENQUIRY_STATUSES = ['new', 'read', 'archived', 'spam'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export type Enquiry = {
  id: string;
  name: string;
  email: string;
  service: string;
  message: string;
  status: EnquiryStatus;
  receivedAt: string;
  /** Where it stands as a lead; in lists only. */
  lead?: LeadSummary;
};

export type Delivery = {
  state: 'queued' | 'sent' | 'retrying' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
};

/**
 * `delivery` is null when no email was ever queued (a spam catch); `attribution` when no
 * visit of the sender was found that day.
 */
/** A booked call's state, as the studio's bookings list says it. */
export type CallState = 'confirmed' | 'pending' | 'cancelled';

export type LeadCall = { id: string; start: string; end: string; state: CallState };

/** A closed lead of the same person: the work done for them before. */
export type EarlierLead = Pick<Lead, 'stage' | 'value'> & { id: string; receivedAt: string };

export type EnquiryDetail = Enquiry &
  Lead & {
    delivery: Delivery | null;
    attribution: Attribution | null;
    /** The lead's latest call booked on the site; null when the person booked none. */
    booking: LeadCall | null;
    /** Every call of the person's lead, newest booking first. */
    calls: LeadCall[];
    /** The same person's closed leads, newest first. */
    earlier: EarlierLead[];
    /** One of `earlier` came before this lead: the person is a returning client. */
    isReturning: boolean;
    /** Answers can be verified (IMAP_AUTHSERV_ID is set); false: none ever is. */
    canVerifySenders: boolean;
    /** Whose lead it is: their own page tells all of their story. Null while it is not known. */
    person?: Person | null;
  };

export type StatusCounts = Record<EnquiryStatus, number>;

export type EnquiryPage = { items: Enquiry[]; nextCursor: string | null; counts: StatusCounts };

/** What the inbox shows; no status means everything but archived and spam. */
export type EnquiryFilters = {
  status?: EnquiryStatus;
  service?: ContactService;
  stage?: LeadStage;
  /** A staff member's email, or `me`: the signed-in person. */
  owner?: string;
  /** `due`: open leads whose follow-up is today or earlier, in the studio's time zone. */
  view?: 'due';
  q?: string;
};

/** A lead's own fields, as PATCH enquiries/:id changes and answers them. */
export type LeadFields = Pick<Lead, 'stage' | 'owner' | 'followUpOn' | 'value'>;

/** A waiting lead: the client spoke last, since `lead.waitingSince`. */
export type WaitingEnquiry = Enquiry & { lead: LeadSummary };

/** `name` once the staff have names; until then a person is shown by their address. */
export type StaffMember = { email: string; name?: string };

export type MailHealth = { isFailing: boolean; failingSince: string | null; givenUp: number };

/**
 * The signed-in person as GET me gives them (the owner role also manages the team);
 * `timeZone`: STUDIO_TIME_ZONE, the zone every date and time in the studio is read in.
 */
export type Me = {
  staff: { email: string; name: string; role: StaffRole; signature: string; notify: NotifyChoice };
  mail: MailHealth;
  timeZone: string;
};

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

/** The draft of the site's content and its revision, which every change names (If-Match). */
export type SiteDraft = { content: SiteContent; revision: string };

/** A 412's body: someone else saved first; `current` is the draft as it is now. */
export type RevisionConflict = { error: 'revision_conflict'; current: SiteDraft };

/** A 422's body: the first problem of each field, by dotted path (`hero.tagline`). */
export type InvalidContent = { error: 'invalid_content'; fieldErrors: SiteContentFieldErrors };

/** Why the published revision is not the page visitors see; the field at fault when known. */
export type SiteLiveProblem = {
  revision: string;
  field: string | null;
  message: string;
  since: string;
};

/** 200: live now. 202: saved and published, but not yet live (`problem` says why). */
export type SitePublished = {
  revision: string;
  publishedAt: string;
  live?: false;
  problem?: SiteLiveProblem;
};

/**
 * One entry of the history: a publish (`publishedBy` null for the document the build provided),
 * or the unpublished draft a restore replaced (`publishedAt`: when; `publishedBy`: who restored).
 */
export type SiteRevisionEntry = {
  kind: 'publish' | 'replaced_draft';
  id: string;
  revision: string;
  publishedAt: string;
  publishedBy: string | null;
  summary: string;
  /** The publish visitors see now. */
  isLive: boolean;
  /** Set when this publish was of a restored version: the publish that was restored. */
  restoredFrom: { id: string; publishedAt: string | null } | null;
};

/** A publish asked for at a later time; `at` and `settledAt` are ISO 8601 instants. */
export type SiteScheduleEntry = {
  id: string;
  at: string;
  revision: string;
  by: string;
  state: 'pending' | 'published' | 'failed' | 'cancelled';
  settledAt: string | null;
  /** Why it failed, in words. */
  reason: string | null;
};

/** The schedules, latest time first, and the zone the studio reads dates in (STUDIO_TIME_ZONE). */
export type SiteSchedules = { items: SiteScheduleEntry[]; timeZone: string };

/** An uploaded image, ready to be a content image (without its id). */
export type UploadedImage = ContentImage & { id: string };
