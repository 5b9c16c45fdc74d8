import type { Lead } from '../../../common/leads';
import type { BookingState } from '../../booking/booking-types';
import type { OutboxKind } from '../outbox/outbox-types';
import type { StoredEnquiry } from '../enquiries/enquiry-types';
import type { LetterCopyState } from '../letters/letter-schema';
import type { Subscriber } from '../subscribers/subscriber-types';

/** Everything held about one address. */
export type PersonRecord = {
  email: string;
  enquiries: StoredEnquiry[];
  subscriptions: Subscriber[];
  /** The enquiries as leads: stage, owner, follow-up, notes and the email thread. */
  leads: ({ enquiryId: string } & Lead)[];
  /** What the address wrote into the threads of other people's enquiries (as a third party). */
  otherThreads: { enquiryId: string; at: Date; subject: string; text: string }[];
  /** The calls the address booked, cancelled ones too, earliest first. */
  bookings: PersonBooking[];
  /** The address's copy of every letter to the subscribers, earliest letter first. */
  letters: PersonLetterCopy[];
  outbox: { id: string; kind: OutboxKind; createdAt: Date; attempts: number }[];
  /** Audit log lines that name the address (sign-ins and failed attempts with it). */
  audit: { at: Date; event: string; ip: string | null }[];
};

/** One call as the person's copy shows it: when, its state, and what they wrote. */
export type PersonBooking = {
  id: string;
  enquiryId: string;
  start: Date;
  end: Date;
  state: BookingState;
  name: string;
  note: string;
  /** Their own zone, their number (calls by phone) and their reason if they cancelled. */
  visitorTimeZone: string | null;
  phone: string | null;
  cancelReason: string | null;
  bookedAt: Date;
};

/**
 * One letter's copy for the address: which letter, what became of the copy, when it left, and
 * the receiving server's answer if it was refused.
 */
export type PersonLetterCopy = {
  letterId: string;
  subject: string;
  state: LetterCopyState;
  sentAt: Date | null;
  failure: string | null;
};

/** What a deletion removed, by id, so the files that belong to it can go too. */
export type Removed = { enquiryIds: string[]; subscriberIds: string[]; outboxRows: number };

/**
 * What forgetting an address did: the deletions, and the audit log lines whose address was
 * replaced by `auditLabel`, a random label that cannot be traced back to it.
 */
export type Forgotten = Removed & {
  bookingIds: string[];
  /**
   * The forgotten calls whose event the calendar queue will delete from the studio's calendar
   * (by UID alone, and sending no one a cancellation).
   */
  calendarRemovals: number;
  /** Messages the address wrote into other people's threads, with their attachments. */
  otherThreadMessages: number;
  auditEntries: number;
  auditLabel: string;
};

/** The ages past which records are deleted. */
export type RetentionCutoffs = {
  /**
   * Enquiries (not spam) received before this, unless their call ended after it; and calls
   * (with their lead) that ended before it.
   */
  enquiriesBefore: Date;
  /**
   * Spam enquiries received, held sign-ups asked, and mail that could not be read set aside,
   * before this.
   */
  spamBefore: Date;
  /** Sign-ups last emailed (or that asked) before this and never confirmed. */
  pendingBefore: Date;
  /** Audit log entries written before this. */
  auditBefore: Date;
};

/** What one purge deleted. */
export type Purged = Removed & {
  bookingIds: string[];
  auditEntries: number;
  unreadableMessages: number;
};

/** The visitor's rights and the retention limits, over every table. */
export interface PrivacyRepository {
  /** Everything held about the address, case-insensitively. */
  describePerson(email: string): Promise<PersonRecord>;
  /**
   * Deletes every enquiry (with its lead: notes, thread, attachments, booked call), call booked
   * with the address (with its emails still queued, and its event queued for deletion from the
   * studio's calendar), subscription and outbox email of the address, what it wrote into other
   * threads and its morning digests' records, case-insensitively, and replaces the address in
   * the audit log by one random label.
   */
  forgetPerson(email: string): Promise<Forgotten>;
  /**
   * Deletes what is older than the cutoffs, with its outbox rows. Null when another instance
   * is purging right now (PostgreSQL): it deletes the same records, so this one need not.
   */
  purgeExpired(cutoffs: RetentionCutoffs): Promise<Purged | null>;
}
