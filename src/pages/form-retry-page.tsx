import type { FormPage } from '../../common/form-page';
import { formPages } from '../content/form-pages';
import { footer } from '../content/footer';
import { contact } from '../content/contact';
import { describeApiError, describeFieldErrors } from '../lib/describe-errors';
import { ContactForm } from '../sections/contact/contact-form';
import { NewsletterForm } from '../sections/footer/newsletter-form';
import { BackHome, PlainPage } from './plain-page';

const CONTACT_FIELDS = ['name', 'email', 'service', 'message'] as const;

/** The page title of each form page, for the document's <title>. */
export function titleOf(page: FormPage): string {
  if (page.kind === 'contact') return formPages.contactRetry.title;
  if (page.kind === 'newsletter') return formPages.newsletterRetry.title;
  return formPages.problem.title;
}

/**
 * What the server answers a form sent without JavaScript with, when it could not take it: the
 * form again with the visitor's values and the errors, or why it was refused.
 */
export function FormRetryPage({ page }: { page: FormPage }) {
  if (page.kind === 'problem') {
    return (
      <PlainPage>
        <h1 className="font-display text-4xl font-semibold tracking-tight">
          {formPages.problem.heading}
        </h1>
        <p role="alert" className="mt-6 text-lg font-medium text-danger">
          {describeApiError(page.error, formPages.problem.heading)}
        </p>
        <p className="mt-4 text-ink-muted">{formPages.problem.other}</p>
        <BackHome label={formPages.backLabel} />
      </PlainPage>
    );
  }
  return (
    <PlainPage>
      <h1 className="sr-only">{titleOf(page)}</h1>
      {page.kind === 'contact' ? (
        <ContactForm
          initial={{
            values: page.values,
            fieldErrors: describeFieldErrors(page.fieldErrors, CONTACT_FIELDS),
            error: describeApiError(page.error, contact.errors.rejected),
          }}
        />
      ) : (
        <NewsletterForm
          initial={{
            email: page.email,
            error:
              describeFieldErrors({ email: page.error }, ['email']).email ??
              footer.newsletter.messages.failed,
          }}
        />
      )}
    </PlainPage>
  );
}
