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
  to: { name: string; address: string };
  subject: string;
  text: string;
  at: Date;
};
