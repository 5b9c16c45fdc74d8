import type { ApiErrorCode, FieldErrorCode, FieldErrors } from './api';
import type { BookingPage } from './booking-page';

/** Where a plain form post lands when it was sent: prerendered pages, no personal data. */
export const SENT_PAGES = { contact: '/contact/sent', newsletter: '/newsletter/sent' } as const;

/**
 * A page the server answers a plain (no-JavaScript) form post with, rendered from the same
 * components as the site: a form shown again with its errors and the visitor's values, or a
 * refusal (rate limit, storage down) with the way back.
 */
export type FormPage =
  | {
      kind: 'contact';
      values: Partial<Record<string, string>>;
      fieldErrors: FieldErrors;
      error: ApiErrorCode;
    }
  | { kind: 'newsletter'; email: string; error: FieldErrorCode }
  | { kind: 'problem'; status: number; error: ApiErrorCode }
  | BookingPage;

/** The rendered page body and its title; the server puts them into the site's page shell. */
export type RenderedFormPage = { title: string; html: string };
