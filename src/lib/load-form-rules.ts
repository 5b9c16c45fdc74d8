import type { ContactMessageSchema } from '../../common/contact';
import type { NewsletterSignupSchema } from '../../common/newsletter';

export type FormRules = {
  contact: typeof ContactMessageSchema;
  newsletter: typeof NewsletterSignupSchema;
};

let pending: Promise<FormRules> | null = null;

/**
 * The field rules (zod) load when a visitor first focuses a form, not with the page: nobody
 * needs them to read it. Returns null when they cannot load; the server checks anyway.
 */
export async function loadFormRules(): Promise<FormRules | null> {
  pending ??= Promise.all([import('../../common/contact'), import('../../common/newsletter')]).then(
    ([contact, newsletter]) => ({
      contact: contact.ContactMessageSchema,
      newsletter: newsletter.NewsletterSignupSchema,
    }),
  );
  try {
    return await pending;
  } catch {
    pending = null;
    return null;
  }
}
