/** The studio's settings (GET/PUT /api/studio/settings). */
export type StudioSettings = {
  /** Sent to the sender of every enquiry that is not spam, when enabled; starts the thread. */
  acknowledgement: { enabled: boolean; subject: string; text: string };
  /** BCP 47, e.g. `en-GB`: how the studio's dates, times and money are written. */
  locale: string;
  /** ISO 4217, e.g. `GBP`: the currency a lead's value is in unless it says otherwise. */
  currency: string;
};

export const SETTINGS_LIMITS = { subjectLength: 200, textLength: 5000 } as const;

/** In an acknowledgement's text, the enquiry's sender's first name. */
export const FIRST_NAME_PLACEHOLDER = '{firstName}';

/** A BCP 47 tag the runtime can format with, written as it would write it. */
export function isLocale(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value)[0] === value;
  } catch {
    return false;
  }
}

/** An ISO 4217 code the runtime knows, e.g. `EUR`. */
export function isCurrency(value: string): boolean {
  return /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf('currency').includes(value);
}

/** GET /api/studio/mailbox: whether clients' answers come back into the studio. */
export type MailboxState = {
  connected: boolean;
  /** Where clients' answers go: the studio's mailbox, or REPLY_FROM without one. */
  address: string;
  /** ISO 8601: when the watch last read the mailbox; null when it never has. */
  lastCheckedAt: string | null;
  /** Why the mailbox cannot be read, in words; null when it can (or there is none). */
  error: string | null;
};
