import type { LeadFilter } from '../leads/lead-filter';
import type { ContactService } from '../../../common/contact';
import type {
  Enquiry,
  EnquiryDelivery,
  InboxCounts,
  InboxStatus,
  MailHealth,
  SubscriberCounts,
} from '../../../common/studio-inbox';
import type { Subscriber, SubscriberPageRequest } from '../subscribers/subscriber-types';

/** An enquiry as the studio's inbox shows it: the wire's shape, with its date still a Date. */
export type InboxEnquiry = Omit<Enquiry, 'receivedAt'> & { receivedAt: Date };

export type InboxDelivery = Omit<EnquiryDelivery, 'sentAt'> & { sentAt: Date | null };

/** null delivery: no email was ever queued (a honeypot catch not yet moved out of Spam). */
export type InboxEnquiryDetail = InboxEnquiry & { delivery: InboxDelivery | null };

/** Which enquiries a list shows; `terms` are search words, all of which must match. */
export type InboxFilter = LeadFilter & {
  statuses: readonly InboxStatus[];
  service: ContactService | null;
  terms: readonly string[];
};

/** The last enquiry of a page: the next page starts after it (newest first). */
export type InboxPageKey = { receivedAt: Date; id: string };

export type ResendOutcome = 'queued' | 'not-resendable' | 'not-found';

/** The studio's mail health, with its date still a Date. */
export type MailTrouble = Omit<MailHealth, 'failingSince'> & { failingSince: Date | null };

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
  /**
   * The lead an enquiry belongs to: its own id when it is a lead, the lead it joined when it
   * joined one (a person's later enquiry or booked call); null when no enquiry has that id.
   */
  leadIdOf(enquiryId: string): Promise<string | null>;
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
