import * as z from 'zod/mini';
import { ALTCHA_FIELD } from './challenge';
import { AltchaSchema, EmailAddressSchema } from './fields';

export const NewsletterSignupSchema = z.strictObject({
  email: EmailAddressSchema,
  [ALTCHA_FIELD]: AltchaSchema,
});

export type NewsletterSignup = z.infer<typeof NewsletterSignupSchema>;
