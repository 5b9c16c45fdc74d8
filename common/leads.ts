import type { LeadValue } from './lead-value';

/**
 * Where a lead stands, from first contact to the outcome; the board shows them in this order.
 * The stage is the lead's one state: unread, archived and spam are marks and folders beside it
 * (docs/decisions/0075-one-lead-lifecycle.md).
 */
export const LEAD_STAGES = ['new', 'contacted', 'proposal', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** The stages still being worked on: a follow-up is due only on these. */
export const OPEN_STAGES: readonly LeadStage[] = ['new', 'contacted', 'proposal'];

export function isLeadStage(value: string): value is LeadStage {
  return LEAD_STAGES.some((stage) => stage === value);
}

export const LEAD_LIMITS = {
  /** Longest note, in characters. */
  noteLength: 4000,
  /** Longest reply, in characters. */
  replyLength: 20_000,
  /**
   * The most of one received message kept, in bytes, attachments included; anything past it
   * is left out and the message says so.
   */
  messageBytes: 10 * 1024 * 1024,
  /** The most addresses one reply copies. */
  replyCc: 20,
} as const;

/** A date without a time, as the follow-up is: `YYYY-MM-DD`. */
export const CALENDAR_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export type LeadNote = { id: string; by: string; at: string; text: string };

export type ThreadAttachment = { id: string; name: string; size: number; type: string };

/** `received`: an answer from the mailbox; the others are an outgoing reply's delivery. */
export type ThreadMessageState = 'queued' | 'sent' | 'retrying' | 'failed' | 'received';

/** What a calendar answered to the invitation to a call (its PARTSTAT). */
export type CalendarAnswer = 'accepted' | 'declined' | 'tentative';

export type ThreadMessage = {
  id: string;
  direction: 'in' | 'out';
  from: string;
  /**
   * Who an outgoing message was sent as ("Sam Rivera at Ember & Ink"); null for an answer.
   * The acknowledgement is sent as the studio alone.
   */
  fromName: string | null;
  to: string;
  /** The addresses an outgoing message copied. */
  cc: string[];
  /** ISO 8601 */
  at: string;
  subject: string;
  text: string;
  /** The acknowledgement the enquiry's sender received, which starts the thread. */
  isAcknowledgement: boolean;
  state: ThreadMessageState;
  /** Why the last attempt to send failed; null otherwise. */
  reason: string | null;
  /** An answer from someone other than the enquiry's own address. */
  isThirdParty: boolean;
  /**
   * An enquiry or a booked call that joined the lead through the site's forms, not an email:
   * whoever typed the address, nothing confirmed it was theirs (so `isVerified` is false).
   */
  isThroughTheSite: boolean;
  /** Part of the message was left out: it was bigger than the studio keeps. */
  isTruncated: boolean;
  /**
   * An answer whose From address the studio's mail server vouched for (DMARC, or aligned DKIM
   * or SPF); false: anyone could have written it, as anyone can fill in the site's forms. Null
   * for the studio's own replies.
   */
  isVerified: boolean | null;
  /** An answer that is a calendar's reply to a call's invitation: what it said; null otherwise. */
  calendarAnswer: CalendarAnswer | null;
  attachments: ThreadAttachment[];
};

export type CallEventKind = 'booked' | 'moved' | 'cancelled';

/**
 * A call of the lead as it happened, shown in its thread: booked (with the visitor's note),
 * moved (from → to), cancelled (by the visitor or a staff member, with what they said).
 */
export type CallEvent = {
  id: string;
  bookingId: string;
  kind: CallEventKind;
  /** ISO 8601: when it happened. */
  at: string;
  /** The staff member who made the change, by name; null: the visitor did. */
  byStaff: string | null;
  /** ISO 8601: the call's time after the change (a cancelled call's, the time it had). */
  start: string;
  end: string;
  /** A move's earlier time; null for the other kinds. */
  from: { start: string; end: string } | null;
  /** The visitor's note, their reason, or the studio's words to them; '' for none. */
  text: string;
};

/** What the studio keeps about an enquiry as a lead. */
export type Lead = {
  stage: LeadStage;
  owner: string | null;
  followUpOn: string | null;
  value: LeadValue | null;
  notes: LeadNote[];
  thread: ThreadMessage[];
  /** What happened to the lead's calls, oldest first: the thread shows them at their time. */
  callEvents: CallEvent[];
};

/** A lead's place in the inbox list. */
export type LeadSummary = {
  stage: LeadStage;
  owner: string | null;
  /** `YYYY-MM-DD`, or null. */
  followUpOn: string | null;
  value: LeadValue | null;
  /** An answer arrived that nobody has opened yet. */
  hasNewReply: boolean;
  /** ISO 8601: since when the client waits for us (they spoke last); null otherwise. */
  waitingSince: string | null;
  /** The same person had a lead before this one that was won or lost: a returning client. */
  isReturning: boolean;
};

export type ReplyQueued = { id: string; messageId: string; state: 'queued' };
