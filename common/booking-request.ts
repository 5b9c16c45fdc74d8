import * as z from 'zod/mini';
import type { FieldErrorCode } from './api';
import { ALTCHA_FIELD } from './challenge';
import { AltchaSchema, CONTROL_CHARACTERS, EmailAddressSchema, singleLineText } from './fields';
import { CONTACT_LIMITS, HONEYPOT_FIELD } from './form-constants';

export const BOOKING_ENDPOINT = '/api/booking';
export const BOOKING_MANAGE_ENDPOINT = '/api/booking/manage';

export const BOOKING_LIMITS = {
  name: CONTACT_LIMITS.name,
  note: 2000,
  start: 40,
  /** The studio's words to a visitor whose call it cancels. */
  cancelMessage: 2000,
  /** The visitor's reason when they cancel. */
  cancelReason: 2000,
  timeZone: 64,
  phone: 30,
} as const;

function code(fieldErrorCode: FieldErrorCode): { error: FieldErrorCode } {
  return { error: fieldErrorCode };
}

/** A proposed start as text; whether it is a slot is the server's slot rules' to say. */
const StartSchema = z
  .string(code('not_text'))
  .check(z.minLength(1, code('required')), z.maxLength(BOOKING_LIMITS.start, code('too_long')));

/** The visitor's optional note: may be empty, otherwise cleaned like the contact message. */
const NoteSchema = z.optional(
  z.string(code('not_text')).check(
    z.refine((value) => !CONTROL_CHARACTERS.test(value), code('forbidden_characters')),
    z.trim(),
    z.normalize('NFC'),
    z.maxLength(BOOKING_LIMITS.note, code('too_long')),
  ),
);

/** Whether `value` is an IANA zone this runtime knows (`Europe/London`, `UTC`). */
function isKnownTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The visitor's own zone, as the page detected it or they chose: an IANA name, canonical
 * (`america/chicago` is kept as `America/Chicago`); an empty one is no zone.
 */
const TimeZoneSchema = z.optional(
  z.pipe(
    z.string(code('not_text')).check(
      z.trim(),
      z.maxLength(BOOKING_LIMITS.timeZone, code('too_long')),
      z.refine((value) => value === '' || isKnownTimeZone(value), code('invalid')),
    ),
    z.transform((value) =>
      value === ''
        ? undefined
        : new Intl.DateTimeFormat('en-GB', { timeZone: value }).resolvedOptions().timeZone,
    ),
  ),
);

/** A zone asked for in `/book`'s address (`?timeZone=America/Chicago`), canonical; or none. */
export function askedTimeZoneOf(value: string | null): string | undefined {
  const parsed = z.safeParse(TimeZoneSchema, value ?? '');
  return parsed.success ? parsed.data : undefined;
}

/** A number to ring: digits with the usual separators and an optional leading +. */
const PhoneSchema = z.optional(
  z
    .string(code('not_text'))
    .check(
      z.trim(),
      z.maxLength(BOOKING_LIMITS.phone, code('too_long')),
      z.regex(/^(?:|\+?[0-9][0-9 ().-]{4,}[0-9])$/, code('invalid')),
    ),
);

/** What the booking form sends: the chosen start, who is coming, a note, the spam checks. */
export const BookingRequestSchema = z.strictObject({
  start: StartSchema,
  name: singleLineText(BOOKING_LIMITS.name),
  email: EmailAddressSchema,
  note: NoteSchema,
  timeZone: TimeZoneSchema,
  phone: PhoneSchema,
  [HONEYPOT_FIELD]: z.optional(z.string({ error: 'not_text' })),
  [ALTCHA_FIELD]: AltchaSchema,
});

export type BookingRequest = z.infer<typeof BookingRequestSchema>;

/** Why the visitor cancels, in their words: optional, cleaned like the note. */
export const CancelReasonSchema = z.string(code('not_text')).check(
  z.refine((value) => !CONTROL_CHARACTERS.test(value), code('forbidden_characters')),
  z.trim(),
  z.normalize('NFC'),
  z.maxLength(BOOKING_LIMITS.cancelReason, code('too_long')),
);

/** What the visitor's manage link sends: cancel the call, or move it to `start`. */
export const ManageBookingRequestSchema = z.union([
  z.strictObject({
    token: z.string(code('not_text')).check(z.maxLength(100, code('too_long'))),
    action: z.literal('cancel'),
    reason: z.optional(CancelReasonSchema),
  }),
  z.strictObject({
    token: z.string(code('not_text')).check(z.maxLength(100, code('too_long'))),
    action: z.literal('reschedule'),
    start: StartSchema,
  }),
]);

export type ManageBookingRequest = z.infer<typeof ManageBookingRequestSchema>;
