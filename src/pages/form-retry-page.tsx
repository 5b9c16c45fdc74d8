import type { BookingPage } from '../../common/booking-page';
import type { FormPage } from '../../common/form-page';

/** The pages of the site's two landing-page forms (booking has its own, booking-page.tsx). */
type RetryPage = Exclude<FormPage, BookingPage>;
import { formPages } from '../content/form-pages';
import { describeApiError, describeFieldErrors } from '../lib/describe-errors';
import { ContactForm } from '../sections/contact/contact-form';
import { contactFormCopy } from '../sections/contact/contact-form-copy';
import { NewsletterForm } from '../sections/footer/newsletter-form';
import { newsletterFormCopy } from '../sections/footer/newsletter-form-copy';
import { BackHome, PlainPage } from './plain-page';

const CONTACT_FIELDS = ['name', 'email', 'service', 'message'] as const;

/** The page title of each form page, for the document's <title>. */
export function titleOf(page: RetryPage): string {
  if (page.kind === 'contact') return formPages.contactRetry.title;
  if (page.kind === 'newsletter') return formPages.newsletterRetry.title;
  return formPages.problem.title;
}

/**
 * What the server answers a form sent without JavaScript with, when it could not take it: the
 * form again with the visitor's values and the errors, or why it was refused.
 */
export function FormRetryPage({ page }: { page: RetryPage }) {
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
          copy={contactFormCopy}
          initial={{
            values: page.values,
            fieldErrors: describeFieldErrors(page.fieldErrors, CONTACT_FIELDS),
            error: describeApiError(page.error, contactFormCopy.errors.rejected),
          }}
        />
      ) : (
        <NewsletterForm
          copy={newsletterFormCopy}
          initial={{
            email: page.email,
            error:
              describeFieldErrors({ email: page.error }, ['email']).email ??
              newsletterFormCopy.messages.failed,
          }}
        />
      )}
    </PlainPage>
  );
}
