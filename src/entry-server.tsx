import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { FormPage, RenderedFormPage } from '../common/form-page';
import { FormRetryPage, titleOf } from './pages/form-retry-page';
import { STATIC_PAGES } from './pages/static-pages';
import {
  newsletterConsentWording,
  newsletterPages,
  type NewsletterPageName,
} from './content/newsletter-pages';
import { NewsletterPage } from './pages/newsletter-page';
import { Root } from './root';

/** Renders a route to HTML at build time; the client hydrates the same tree. */
export function render(path: string): string {
  return renderToString(
    <StrictMode>
      <Root path={path} />
    </StrictMode>,
  );
}

/** Renders one of the pages that load no script at all; throws for any other path. */
export function renderStaticPage(path: string): string {
  const page = STATIC_PAGES.get(path);
  if (page === undefined) throw new Error(`No static page at ${path}.`);
  return renderToString(<StrictMode>{page()}</StrictMode>);
}

/**
 * Renders the page that answers a form sent without JavaScript: the server calls this at run
 * time with the visitor's values, which React escapes like any other text.
 */
export function renderFormPage(page: FormPage): RenderedFormPage {
  return { title: titleOf(page), html: renderToString(<FormRetryPage page={page} />) };
}

/** Renders a newsletter link page (one per state) to HTML at build time; it never hydrates. */
export function renderNewsletterPage(name: NewsletterPageName): string {
  return renderToString(<NewsletterPage copy={newsletterPages[name]} />);
}

export { newsletterConsentWording };
