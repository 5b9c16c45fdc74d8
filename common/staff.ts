import * as z from 'zod/mini';
import { CONTROL_CHARACTERS, EmailAddressSchema, singleLineText } from './fields';

/** What someone on the team can do: owners also manage the team (docs/decisions/0073). */
export const STAFF_ROLES = ['owner', 'member'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A name fits "<name> at Ember & Ink" in a From header and a card's owner line. */
export const STAFF_NAME_MAX_LENGTH = 80;
export const SIGNATURE_MAX_LENGTH = 1_000;

/** One line, no control characters: a name goes into the From header of the person's replies. */
export const StaffNameSchema = singleLineText(STAFF_NAME_MAX_LENGTH);

/** Lines of plain text that end each reply; empty for none. */
export const SignatureSchema = z.string().check(
  z.refine((value) => !CONTROL_CHARACTERS.test(value)),
  z.maxLength(SIGNATURE_MAX_LENGTH),
  z.trim(),
);

export const StaffRoleSchema = z.enum(STAFF_ROLES);

export const NewStaffSchema = z.object({
  email: EmailAddressSchema,
  name: StaffNameSchema,
  role: StaffRoleSchema,
});

export const StaffChangeSchema = z.object({
  name: z.optional(StaffNameSchema),
  role: z.optional(StaffRoleSchema),
});

/** How a person learns that a client answered a lead of theirs (unowned: every owner). */
export const NOTIFY_CHOICES = ['immediately', 'digest', 'never'] as const;
export type NotifyChoice = (typeof NOTIFY_CHOICES)[number];

export const ProfileChangeSchema = z.object({
  name: z.optional(StaffNameSchema),
  signature: z.optional(SignatureSchema),
  notify: z.optional(z.enum(NOTIFY_CHOICES)),
});

/** A colleague as the studio lists them. */
export type TeamMember = { email: string; name: string; role: StaffRole };
