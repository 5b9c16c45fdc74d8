import type { NewsletterPageCopy } from '../content/newsletter-pages';

/**
 * A page behind a newsletter email link. It has no script: the button is a plain form that
 * POSTs to the page's own address (with its token), since mail scanners follow GET links.
 */
export function NewsletterPage({ copy }: { copy: NewsletterPageCopy }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-5 text-center">
      <h1 className="font-display text-4xl font-semibold text-ink">{copy.title}</h1>
      <p className="max-w-2xl text-lg text-ink-muted">{copy.text}</p>
      {copy.button === undefined ? null : (
        <form method="post">
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
      <a href="/" className="text-ink-muted underline">
        Return to Home
      </a>
    </main>
  );
}
