import type { NewsletterPageCopy } from '../content/newsletter-pages';
import { formPages } from '../content/form-pages';
import { BackHome, PlainPage } from './plain-page';

/**
 * A page behind a newsletter email link. It has no script: the button is a plain form that
 * POSTs to the page's own address (with its token), since mail scanners follow GET links.
 */
export function NewsletterPage({ copy }: { copy: NewsletterPageCopy }) {
  return (
    <PlainPage>
      <h1 className="font-display text-4xl font-semibold tracking-tight">{copy.title}</h1>
      <p className="mt-6 text-lg leading-relaxed text-ink-muted">{copy.text}</p>
      {copy.button === undefined ? (
        <BackHome label={formPages.backLabel} />
      ) : (
        <form method="post" className="mt-10">
          {copy.field === undefined ? null : (
            <input type="hidden" name={copy.field.name} value={copy.field.value} />
          )}
          <button
            type="submit"
            className="inline-flex min-h-12 items-center rounded-full bg-ink px-7 font-semibold text-paper hover:opacity-90"
          >
            {copy.button}
          </button>
        </form>
      )}
    </PlainPage>
  );
}
