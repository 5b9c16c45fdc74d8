import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { isBookingPage } from '../common/booking-page';
import type { LandingOptions } from '../common/landing-options';
import type { FormPage, RenderedFormPage } from '../common/form-page';
import type { SiteContent } from '../common/site-content';
import { PRIVACY_PATH } from './content/privacy-links';
import { BookingPageView, bookingTitleOf } from './pages/booking-page';
import { FormRetryPage, titleOf } from './pages/form-retry-page';
import { STATIC_PAGES } from './pages/static-pages';
import {
  newsletterConsentWording,
  newsletterPages,
  type NewsletterPageName,
} from './content/newsletter-pages';
import { landingHead } from './pages/landing-head';
import { NewsletterPage } from './pages/newsletter-page';
import { Root } from './root';

/** Renders a route for a content document to HTML; in the browser only its islands hydrate. */
export function render(path: string, content: SiteContent, landing: LandingOptions): string {
  return renderToString(
    <StrictMode>
      <Root path={path} content={content} landing={landing} />
    </StrictMode>,
  );
}

/**
 * The landing page's body for a content document. The build renders the seed with it and the
 * server renders every publish with it, from this same bundle (server/site/load-site-renderer.ts).
 */
export function renderLanding(content: SiteContent, landing: LandingOptions): string {
  return render('/', content, landing);
}

/** The landing page's head for a content document: title, description, social cards, JSON-LD. */
export function renderLandingHead(content: SiteContent, siteUrl: string): string {
  return landingHead(content, siteUrl);
}

/** The pages a search engine should find, `/` first: the sitemap lists them. */
export const INDEXABLE_PATHS: readonly string[] = ['/', PRIVACY_PATH];

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
  if (isBookingPage(page)) {
    return { title: bookingTitleOf(page), html: renderToString(<BookingPageView page={page} />) };
  }
  return { title: titleOf(page), html: renderToString(<FormRetryPage page={page} />) };
}

/** Renders a newsletter link page (one per state) to HTML at build time; it never hydrates. */
export function renderNewsletterPage(name: NewsletterPageName): string {
  return renderToString(<NewsletterPage copy={newsletterPages[name]} />);
}

export { newsletterConsentWording };
