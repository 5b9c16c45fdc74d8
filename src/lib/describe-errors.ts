import type { FieldErrors } from '../../common/api';
import { FIELD_ERROR_CODES, isApiErrorCode, toFieldErrors } from '../../common/api';
import type { ContactField } from '../../common/contact';
import { apiErrorWords, fieldErrorWords } from '../content/form-errors';

/*
 * The refusal words live here, in the chunk the forms load at a visitor's first focus with the
 * field rules (load-form-rules.ts), not in the page: nobody reads them before touching a form,
 * and the studio does not edit them, so a page rendered from new content still matches the
 * scripts already built (decision 0082).
 */

/** The words for the API's error code; `fallback` when the answer carries no code we know. */
export function describeApiError(error: unknown, fallback: string): string {
  return isApiErrorCode(error) ? apiErrorWords[error] : fallback;
}

/** The words for each refused field among `fields`, in their order; unknown codes are skipped. */
export function describeFieldErrors<Field extends ContactField>(
  fieldErrors: FieldErrors,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const described: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const code = FIELD_ERROR_CODES.find((known) => known === fieldErrors[field]);
    if (code !== undefined) described[field] = fieldErrorWords[code](field);
  }
  return described;
}

/** The words for each field a failed parse of the shared rules refused, in `fields` order. */
export function describeParseErrors<Field extends ContactField>(
  error: Parameters<typeof toFieldErrors>[0],
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  return describeFieldErrors(toFieldErrors(error), fields);
}
