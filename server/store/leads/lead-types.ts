/** What a queued reply's email is composed from, read when the outbox worker claims it. */
export type LeadReplyEmail = {
  /** The thread message's id. */
  id: string;
  enquiryId: string;
  /** When the enquiry arrived: the thread's start, for Outlook's Thread-Index. */
  threadStartedAt: Date;
  messageId: string;
  inReplyTo: string | null;
  /** Oldest first, the thread's root first. */
  references: string[];
  /** The name it is sent in; the address is REPLY_FROM's. */
  fromName: string;
  to: { name: string; address: string };
  cc: string[];
  /** The files it carries, as they were stored when it was queued. */
  attachments: { name: string; type: string; content: Buffer }[];
  subject: string;
  /** What the email says, signature and quote included. */
  text: string;
  at: Date;
};

/** A lead in a morning digest: waiting for a reply since `waitingSince`, or due a follow-up. */
export type LeadDigestItem = {
  enquiryId: string;
  name: string;
  service: string;
  /** Since when the client has waited for us, when longer than the digest's day; else null. */
  waitingSince: Date | null;
  /** The follow-up date, when it is due (today or before); else null. */
  followUpOn: string | null;
};

/** A call booked for the digest's day, on a lead of the digest's owner. */
export type LeadDigestCall = {
  enquiryId: string;
  /** Who booked it. */
  name: string;
  start: Date;
  end: Date;
};

/** A client's answer received since the owner's last digest, verified or not. */
export type LeadDigestAnswer = {
  enquiryId: string;
  /** The lead's client and the service they asked about. */
  name: string;
  service: string;
  /** The From address it came with. */
  from: string;
  /** When it reached the studio's mailbox. */
  at: Date;
  /** The studio's mail server vouched for `from`; false: anyone could have written it. */
  isVerified: boolean;
};

/** One owner's morning digest, as the outbox composes it when it is sent. */
export type LeadDigest = {
  /** `YYYY-MM-DD` in STUDIO_TIME_ZONE. */
  day: string;
  /** Whose leads: a staff member's, or null for the leads nobody owns. */
  owner: string | null;
  /**
   * Who it goes to: the owner, and for the leads nobody owns each owner of the studio in turn;
   * null (MAIL_TO) for one queued before those went to the owners.
   */
  to: string | null;
  waiting: LeadDigestItem[];
  followUps: LeadDigestItem[];
  /** The calls not cancelled on `day` in STUDIO_TIME_ZONE, earliest first. */
  calls: LeadDigestCall[];
  /** The answers received since the owner's previous digest, oldest first. */
  answers: LeadDigestAnswer[];
};
