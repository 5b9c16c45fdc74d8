/** What the SMTP sink keeps of each message: enough for a journey to recognise its email. */
export type StoredEmail = {
  subject: string;
  from: string[];
  to: string[];
  replyTo: string[];
  text: string;
  /** Every header as sent, by lower-case name, folded lines joined. */
  headers: Record<string, string>;
  /** The files it carries, as a mail client lists them. */
  attachments: { filename: string; contentType: string; size: number }[];
};

export function isStoredEmail(value: unknown): value is StoredEmail {
  if (typeof value !== 'object' || value === null) return false;
  const isList = (item: unknown) =>
    Array.isArray(item) && item.every((entry) => typeof entry === 'string');
  return (
    'subject' in value &&
    typeof value.subject === 'string' &&
    'text' in value &&
    typeof value.text === 'string' &&
    'from' in value &&
    isList(value.from) &&
    'to' in value &&
    isList(value.to) &&
    'replyTo' in value &&
    isList(value.replyTo) &&
    'headers' in value &&
    typeof value.headers === 'object' &&
    value.headers !== null &&
    'attachments' in value &&
    Array.isArray(value.attachments)
  );
}
