import type { ChallengeClaim } from '../limits/limit-types';
import type { ContactMessage } from '../../../common/contact';

/** Where the studio's own messages come from: REPLY_FROM, and the domain of our Message-IDs. */
export type StudioSender = { address: string; messageDomain: string };

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
  /**
   * Where the studio's acknowledgement would come from. The contact form always says; an
   * enquiry stored without it (the command line, a test of something else) is acknowledged
   * by nobody.
   */
  sender?: StudioSender;
  /**
   * True for a call's enquiry: the studio is told of it by the call's own email ("Call booked"),
   * queued by the booking, whose delivery is the enquiry's; a second "New enquiry" about the
   * same visitor would be news twice.
   */
  isToldByItsCall?: boolean;
};

export type SaveEnquiryResult =
  /** `isSpam` as stored: spam as judged, or because its challenge had been spent before. */
  | {
      kind: 'created';
      id: string;
      /** The lead it belongs to: an open lead of the same address it joined, else itself. */
      leadId: string;
      isSpam: boolean;
      isSolutionReplayed: boolean;
    }
  /** The same key and body were seen before: answer as the first time, store nothing. */
  | { kind: 'replayed'; id: string }
  /** The same key came with a different body. */
  | { kind: 'conflict' };

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'spam';

export type StoredEnquiry = ContactMessage & {
  id: string;
  /** The lead it is shown in: the open lead of its address it joined, else itself (0087). */
  leadId: string;
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

export type EnquiryListOptions = {
  status?: DeliveryStatus;
  limit?: number;
  before?: { createdAt: Date; id: string };
};

/** Enquiries as visitors sent them, with their delivery status. */
export interface EnquiryRepository {
  /** Writes the enquiry and (unless spam) its outbox row in one transaction. */
  saveEnquiry(enquiry: NewEnquiry): Promise<SaveEnquiryResult>;
  /** Newest first; with `before`, the page that follows the enquiry it names (keyset paging). */
  listEnquiries(options?: EnquiryListOptions): Promise<StoredEnquiry[]>;
  getEnquiry(id: string): Promise<StoredEnquiry | null>;
}
