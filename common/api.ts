import * as z from 'zod/mini';

export const CONTACT_ENDPOINT = '/api/send-contact-email';
export const NEWSLETTER_ENDPOINT = '/api/newsletter';
/** Header carrying one key per form submission, so a retried request is answered once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type FieldErrors = Partial<Record<string, string[]>>;

export type ApiSuccess = { success: true; id?: string };
export type ApiFailure = { success: false; error: string; fieldErrors?: FieldErrors };
export type ApiResponse = ApiSuccess | ApiFailure;

/** Turns a failed parse into the per-field messages that both the API and the form show. */
export function toFieldErrors(error: z.core.$ZodError): FieldErrors {
  return z.flattenError(error).fieldErrors;
}
