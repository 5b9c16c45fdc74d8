import * as z from 'zod/mini';
import { ALTCHA_FIELD } from './challenge';
import { AltchaSchema, EmailAddressSchema, multiLineText, singleLineText } from './fields';
import { CONTACT_LIMITS, CONTACT_SERVICES, HONEYPOT_FIELD } from './form-constants';

export { CONTACT_LIMITS, CONTACT_SERVICES, HONEYPOT_FIELD };
export type { ContactService } from './form-constants';

export const ContactMessageSchema = z.strictObject({
  name: singleLineText(CONTACT_LIMITS.name),
  email: EmailAddressSchema,
  service: z.enum(CONTACT_SERVICES, { error: 'unknown_service' }),
  message: multiLineText(CONTACT_LIMITS.message),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactField = keyof ContactMessage;

/** What the browser sends: the message, the (normally empty) honeypot and the solution. */
export const ContactRequestSchema = z.strictObject({
  ...ContactMessageSchema.shape,
  [HONEYPOT_FIELD]: z.optional(z.string({ error: 'not_text' })),
  [ALTCHA_FIELD]: AltchaSchema,
});

export type ContactRequest = z.infer<typeof ContactRequestSchema>;
