/**
 * Why the API refused a request. The API answers with these codes, never with sentences: the
 * browser turns them into words from src/content, so copy lives in one place
 * (docs/decisions/0012-api-error-codes.md).
 */
export const API_ERROR_CODES = [
  'bad_form',
  'bad_json',
  'bad_idempotency_key',
  'calendar_unavailable',
  'compressed_body',
  'cross_site',
  'gone',
  'idempotency_conflict',
  'internal_error',
  'invalid_fields',
  'invalid_range',
  'invalid_slot',
  'method_not_allowed',
  'not_found',
  'not_json',
  'rate_limited',
  'slot_taken',
  'storage_full',
  'store_unavailable',
  'too_large',
] as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** Why one field was refused; the zod rules in this folder give these as their messages. */
export const FIELD_ERROR_CODES = [
  'required',
  'not_text',
  'not_single_line',
  'forbidden_characters',
  'too_long',
  'invalid_email',
  'unknown_service',
  'invalid',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** The first problem of each refused field: the one the visitor should fix first. */
export type FieldErrors = Partial<Record<string, FieldErrorCode>>;

export type ApiSuccess = { success: true; id?: string };
export type ApiFailure = { success: false; error: ApiErrorCode; fieldErrors?: FieldErrors };
/** An answer that carries more than its outcome, such as a booked call's time. */
export type ApiDetails = Readonly<Record<string, unknown>>;
export type ApiResponse = ApiSuccess | ApiFailure;

type ValidationIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return API_ERROR_CODES.some((code) => code === value);
}

function toFieldErrorCode(message: string): FieldErrorCode {
  return FIELD_ERROR_CODES.find((code) => code === message) ?? 'invalid';
}

/**
 * The first issue of each field of a failed parse, as a code: what both the API and the form
 * report. Written without zod so that pages can import this module without the rules.
 */
export function toFieldErrors(error: { readonly issues: readonly ValidationIssue[] }): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string') fieldErrors[field] ??= toFieldErrorCode(issue.message);
  }
  return fieldErrors;
}
