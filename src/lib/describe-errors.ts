import type { FieldErrors } from '../../common/api';
import { FIELD_ERROR_CODES, isApiErrorCode, toFieldErrors } from '../../common/api';
import type { ContactField } from '../../common/contact';
import type { ErrorWords } from './error-words-check';

/** The words for the API's error code; `fallback` when the answer carries no code we know. */
export function describeApiError(words: ErrorWords, error: unknown, fallback: string): string {
  return (isApiErrorCode(error) ? words.api[error] : undefined) ?? fallback;
}

/** The words for each refused field among `fields`, in their order; unknown codes are skipped. */
export function describeFieldErrors<Field extends ContactField>(
  words: ErrorWords,
  fieldErrors: FieldErrors,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const described: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const code = FIELD_ERROR_CODES.find((known) => known === fieldErrors[field]);
    const text = code === undefined ? undefined : words.fields[code]?.[field];
    if (text !== undefined) described[field] = text;
  }
  return described;
}

/** The words for each field a failed parse of the shared rules refused, in `fields` order. */
export function describeParseErrors<Field extends ContactField>(
  words: ErrorWords,
  error: Parameters<typeof toFieldErrors>[0],
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  return describeFieldErrors(words, toFieldErrors(error), fields);
}
