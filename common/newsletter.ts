import * as z from 'zod/mini';
import { EmailAddressSchema } from './fields';

export const NewsletterSignupSchema = z.strictObject({ email: EmailAddressSchema });

export type NewsletterSignup = z.infer<typeof NewsletterSignupSchema>;
