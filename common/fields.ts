import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from './form-constants';

/** Control characters that no human-typed field needs; NUL also cannot be stored in PostgreSQL text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n]/;

function text(label: string) {
  return z.string({
    error: (issue) =>
      issue.input === undefined ? `${label} is required.` : `${label} must be text.`,
  });
}

function rejectControlCharacters(label: string) {
  return z.refine<string>((value) => !CONTROL_CHARACTERS.test(value), {
    error: `${label} contains characters that are not allowed.`,
  });
}

/** Rejects stray control characters, trims, NFC-normalises and bounds the length. */
function cleanText(label: string, maxLength: number) {
  return [
    rejectControlCharacters(label),
    z.trim(),
    z.normalize('NFC'),
    z.minLength(1, `${label} is required.`),
    z.maxLength(
      maxLength,
      `${label} must be at most ${maxLength.toLocaleString('en-US')} characters.`,
    ),
  ];
}

/**
 * A single-line text field: line breaks are refused before trimming, so a value such as
 * "Ann\r\nBcc: x" can never reach an email header.
 */
export function singleLineText(label: string, maxLength: number) {
  return text(label).check(
    z.refine<string>((value) => !LINE_BREAK.test(value), {
      error: `${label} must be on a single line.`,
    }),
    ...cleanText(label, maxLength),
  );
}

export function multiLineText(label: string, maxLength: number) {
  return text(label).check(...cleanText(label, maxLength));
}

/** One email address, trimmed and NFC-normalised; lists of addresses are refused. */
export const EmailAddressSchema = z.pipe(
  singleLineText('Email', EMAIL_MAX_LENGTH),
  z.email({ error: 'Please enter a valid email address.' }),
);
