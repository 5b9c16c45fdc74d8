/** One email, ready to hand to a transport. Headers are built by the mail library, never by us. */
export type OutgoingEmail = {
  messageId: string;
  /** A name given apart from the address is encoded by nodemailer, never written by us. */
  from: string | { name: string; address: string };
  to: string;
  cc?: string[];
  replyTo?: { name: string; address: string };
  subject: string;
  /** The message this one answers, and the thread's chain of Message-IDs, oldest first. */
  inReplyTo?: string;
  references?: string[];
  /** RFC 2369 list headers; nodemailer writes `unsubscribe` as `List-Unsubscribe: <url>`. */
  list?: { unsubscribe: string };
  /** Fixed extra headers only, never built from visitor input. */
  headers?: Record<string, string>;
  text: string;
  html: string;
  /** A meeting invitation, sent as a `text/calendar; method=…` part (nodemailer's icalEvent). */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; content: string };
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type DeliveryResult =
  | { outcome: 'sent'; detail: string }
  /** Worth retrying later: a 4xx reply, a refused connection, a timeout. */
  | { outcome: 'temporary-failure'; reason: string }
  /** Retrying will not help: a 5xx reply such as an unknown mailbox. */
  | { outcome: 'permanent-failure'; reason: string };

export interface MailTransport {
  /** Where emails go, for the start-up log, e.g. "SMTP smtp.example.com:587". */
  readonly description: string;
  send(email: OutgoingEmail): Promise<DeliveryResult>;
  close(): void;
}

export type MailLog = {
  info(message: string): void;
  error(message: string): void;
};
