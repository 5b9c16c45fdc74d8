import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
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

/** Renders a newsletter link page (one per state) to HTML at build time; it never hydrates. */
export function renderNewsletterPage(name: NewsletterPageName): string {
  return renderToString(<NewsletterPage copy={newsletterPages[name]} />);
}

export { newsletterConsentWording };
