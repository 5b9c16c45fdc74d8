import * as z from 'zod/mini';
import { EmailAddressSchema, multiLineText, singleLineText } from './fields';

/** The services a visitor can choose in the contact form, in display order. */
export const CONTACT_SERVICES = [
  'Logo & Brand Identity',
  'Brand Strategy',
  'Graphic Design (Print/Digital)',
  'Packaging Design',
  'Website / Landing Page Design',
  'Social Media Content & Ads',
  'Presentation / Pitch Deck',
  'Other / Not Sure — Help Me Choose',
] as const;

export type ContactService = (typeof CONTACT_SERVICES)[number];

export const CONTACT_LIMITS = { name: 100, message: 5000 } as const;

/**
 * The form's hidden trap field. People never see or fill it; bots that fill every input do,
 * and their enquiries are stored as spam without an email.
 */
export const HONEYPOT_FIELD = 'website';

export const ContactMessageSchema = z.strictObject({
  name: singleLineText('Name', CONTACT_LIMITS.name),
  email: EmailAddressSchema,
  service: z.enum(CONTACT_SERVICES, { error: 'Please choose a service from the list.' }),
  message: multiLineText('Message', CONTACT_LIMITS.message),
});

export type ContactMessage = z.infer<typeof ContactMessageSchema>;
export type ContactField = keyof ContactMessage;

/** What the browser sends: the message plus the (normally empty) honeypot. */
export const ContactRequestSchema = z.strictObject({
  ...ContactMessageSchema.shape,
  [HONEYPOT_FIELD]: z.optional(z.string({ error: 'Invalid field.' })),
});

export type ContactRequest = z.infer<typeof ContactRequestSchema>;
