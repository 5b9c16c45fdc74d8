import type { ContactMessageSchema } from '../../common/contact';
import type { NewsletterSignupSchema } from '../../common/newsletter';
import type { describeApiError, describeFieldErrors, describeParseErrors } from './describe-errors';

export type FormRules = {
  contact: typeof ContactMessageSchema;
  newsletter: typeof NewsletterSignupSchema;
  describeApiError: typeof describeApiError;
  describeFieldErrors: typeof describeFieldErrors;
  describeParseErrors: typeof describeParseErrors;
};

let pending: Promise<FormRules> | null = null;

/**
 * The field rules (zod) and the code that picks the words for refusals load when a visitor first focuses a form,
 * not with the page: nobody needs them to read it. Returns null when they cannot load; the
 * server checks anyway, and the forms fall back to their general failure text.
 */
export async function loadFormRules(): Promise<FormRules | null> {
  pending ??= Promise.all([
    import('../../common/contact'),
    import('../../common/newsletter'),
    import('./describe-errors'),
  ]).then(([contact, newsletter, describe]) => ({
    contact: contact.ContactMessageSchema,
    newsletter: newsletter.NewsletterSignupSchema,
    describeApiError: describe.describeApiError,
    describeFieldErrors: describe.describeFieldErrors,
    describeParseErrors: describe.describeParseErrors,
  }));
  try {
    return await pending;
  } catch {
    pending = null;
    return null;
  }
}
