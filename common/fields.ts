import * as z from 'zod/mini';
import type { FieldErrorCode } from './api';
import { ALTCHA_MAX_LENGTH } from './challenge';
import { EMAIL_MAX_LENGTH } from './form-constants';

/** Control characters that no human-typed field needs; NUL also cannot be stored in PostgreSQL text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n]/;

/** Each rule's message is a field error code; src/content holds the words for it. */
function code(fieldErrorCode: FieldErrorCode): { error: FieldErrorCode } {
  return { error: fieldErrorCode };
}

function text() {
  return z.string({
    error: (issue): FieldErrorCode => (issue.input === undefined ? 'required' : 'not_text'),
  });
}

/** Rejects stray control characters, trims, NFC-normalises and bounds the length. */
function cleanText(maxLength: number) {
  return [
    z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), code('forbidden_characters')),
    z.trim(),
    z.normalize('NFC'),
    z.minLength(1, code('required')),
    z.maxLength(maxLength, code('too_long')),
  ];
}

/**
 * A single-line text field: line breaks are refused before trimming, so a value such as
 * "Ann\r\nBcc: x" can never reach an email header.
 */
export function singleLineText(maxLength: number) {
  return text().check(
    z.refine<string>((value) => !LINE_BREAK.test(value), code('not_single_line')),
    ...cleanText(maxLength),
  );
}

export function multiLineText(maxLength: number) {
  return text().check(...cleanText(maxLength));
}

/** One email address, trimmed and NFC-normalised; lists of addresses are refused. */
export const EmailAddressSchema = z.pipe(
  singleLineText(EMAIL_MAX_LENGTH),
  z.email(code('invalid_email')),
);

/** The proof-of-work solution; a missing or wrong one makes the submission spam, not invalid. */
export const AltchaSchema = z.optional(
  z.string(code('not_text')).check(z.maxLength(ALTCHA_MAX_LENGTH, code('too_long'))),
);
