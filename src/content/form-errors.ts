import type { ApiErrorCode, FieldErrorCode } from '../../common/api';
import { CALENDAR_AWAY_WORDS } from '../../common/booking-words';
import type { ContactField } from '../../common/contact';
import { CONTACT_LIMITS, EMAIL_MAX_LENGTH } from '../../common/form-constants';

/** What a visitor reads when the API refuses a form, by the code it answers with. */
export const apiErrorWords = {
  bad_form: 'The form was not sent in a way we can read. Please go back and try again.',
  bad_json: 'The request body is not valid JSON.',
  bad_idempotency_key: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  calendar_unavailable: CALENDAR_AWAY_WORDS,
  compressed_body: 'Compressed request bodies are not accepted.',
  cross_site: 'Cross-site requests are not accepted.',
  gone: 'This call has been cancelled or has already taken place, so there is nothing left to change.',
  idempotency_conflict:
    'This Idempotency-Key was already used for a different message. Please reload the page and try again.',
  internal_error: 'Something went wrong on our side. Please try again later.',
  invalid_fields: 'Please check the highlighted fields.',
  invalid_range:
    'Please choose dates as YYYY-MM-DD, the first not after the last, 62 days at most.',
  invalid_slot: 'That is not a time we can offer. Please choose one of the times shown.',
  method_not_allowed: 'This method is not allowed here.',
  not_found: 'Not found.',
  not_json: 'Please send the request body as application/json or as a form.',
  rate_limited: 'Too many requests. Please wait a few minutes and try again.',
  slot_taken: 'That time was just taken. Here are the nearest free ones.',
  storage_full:
    'We could not save your message right now. Please try again later, or write to us directly.',
  store_unavailable: 'We could not save your message right now. Please try again in a minute.',
  too_large: 'The request body is too large.',
} satisfies Record<ApiErrorCode, string>;

/** How a field is named in its error message. */
const FIELD_NAMES = {
  name: 'Name',
  email: 'Email',
  service: 'Service',
  message: 'Message',
} satisfies Record<ContactField, string>;

const MAX_LENGTHS: Partial<Record<ContactField, number>> = {
  name: CONTACT_LIMITS.name,
  email: EMAIL_MAX_LENGTH,
  message: CONTACT_LIMITS.message,
};

function describeLimit(field: ContactField): string {
  const maxLength = MAX_LENGTHS[field];
  return maxLength === undefined
    ? `${FIELD_NAMES[field]} is too long.`
    : `${FIELD_NAMES[field]} must be at most ${maxLength.toLocaleString('en-US')} characters.`;
}

/** What a visitor reads under a refused field, by the code the shared rules give. */
export const fieldErrorWords = {
  required: (field) => `${FIELD_NAMES[field]} is required.`,
  not_text: (field) => `${FIELD_NAMES[field]} must be text.`,
  not_single_line: (field) => `${FIELD_NAMES[field]} must be on a single line.`,
  forbidden_characters: (field) =>
    `${FIELD_NAMES[field]} contains characters that are not allowed.`,
  too_long: describeLimit,
  invalid_email: () => 'Please enter a valid email address.',
  unknown_service: () => 'Please choose a service from the list.',
  invalid: (field) => `Please check the ${FIELD_NAMES[field].toLowerCase()}.`,
} satisfies Record<FieldErrorCode, (field: ContactField) => string>;
