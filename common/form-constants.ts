/**
 * The contact form's fixed facts, without any validation code: the browser's first load
 * imports these, and fetches the zod rules (contact.ts) only when a visitor uses a form.
 */

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

export const EMAIL_MAX_LENGTH = 254;

/**
 * The form's hidden trap field. People never see or fill it; bots that fill every input do,
 * and their enquiries are stored as spam without an email.
 */
export const HONEYPOT_FIELD = 'website';
