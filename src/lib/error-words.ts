import { FIELD_ERROR_CODES } from '../../common/api';
import type { ContactField } from '../../common/contact';
import { apiErrorWords, fieldErrorWords } from '../content/form-errors';
import type { ErrorWords } from './error-words-check';

/** Every refusal a form over `fields` can meet, in words, for its island's props. */
export function errorWordsFor(fields: readonly ContactField[]): ErrorWords {
  return {
    api: { ...apiErrorWords },
    fields: Object.fromEntries(
      FIELD_ERROR_CODES.map((code) => [
        code,
        Object.fromEntries(fields.map((field) => [field, fieldErrorWords[code](field)])),
      ]),
    ),
  };
}
