export const CONTACT_ENDPOINT = '/api/send-contact-email';
export const NEWSLETTER_ENDPOINT = '/api/newsletter';
/** Header carrying one key per form submission, so a retried request is answered once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type FieldErrors = Partial<Record<string, string[]>>;

export type ApiSuccess = { success: true; id?: string };
export type ApiFailure = { success: false; error: string; fieldErrors?: FieldErrors };
export type ApiResponse = ApiSuccess | ApiFailure;

type ValidationIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * Groups a failed parse's issues by field: the per-field messages that both the API and the
 * form show. Written without zod so that pages can import this module without the rules.
 */
export function toFieldErrors(error: { readonly issues: readonly ValidationIssue[] }): FieldErrors {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string') (fieldErrors[field] ??= []).push(issue.message);
  }
  return fieldErrors;
}
