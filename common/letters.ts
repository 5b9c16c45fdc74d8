/**
 * Letters to the subscribers (DESIGN.md, "Letters"): what the studio's API and screens share.
 * A letter's body is Markdown; the email and the public page are both made from it.
 */

export const LETTER_STATES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const;
export type LetterState = (typeof LETTER_STATES)[number];

/** How many copies are where; `left` counts the copies neither sent nor failed nor bounced. */
export type LetterCounts = {
  recipients: number;
  sent: number;
  failed: number;
  bounced: number;
  left: number;
};

/** `GET /api/studio/letters/:id`; dates ISO 8601. A letter is `sent` only when `left` is 0. */
export type Letter = {
  id: string;
  slug: string;
  subject: string;
  preview: string;
  body: string;
  state: LetterState;
  sendAt: string | null;
  sentAt: string | null;
  counts: LetterCounts;
};

/** One row of `GET /api/studio/letters` (`{items}`), newest first. */
export type LetterListItem = Pick<
  Letter,
  'id' | 'slug' | 'subject' | 'state' | 'sendAt' | 'sentAt' | 'counts'
>;

/** `POST /api/studio/letters` and `PATCH /api/studio/letters/:id` (a draft only). */
export type LetterDraft = { subject: string; preview?: string; body: string };

/** `POST /api/studio/letters/preview`: the email as a mail client would show it, made from a draft. */
export type LetterPreview = { html: string; text: string };

/** `POST /api/studio/letters/:id/send` answers 202 with this. */
export type LetterSendStarted = { state: 'sending' | 'scheduled'; recipients: number };

export const LETTER_SUBJECT_MAX = 200;
export const LETTER_PREVIEW_MAX = 300;
/** A body larger than this is refused (413): a letter is one short email, not a book. */
export const LETTER_BODY_MAX = 100_000;
