import type { LandingOptions } from '../common/landing-options';
import type { SiteContent } from '../common/site-content';
import { App } from './app';
import { ErrorBoundary } from './pages/error-boundary';
import { NotFound } from './pages/not-found';

/** Paths that serve the landing page; the server answers `/index.html` with it too. */
const HOME_PATHS = new Set(['/', '/index.html']);

/**
 * The whole route table: the landing page, rendered from the site's content document, and not
 * found for every other path.
 */
export function Root({
  path,
  content,
  landing,
}: {
  path: string;
  content: SiteContent;
  landing: LandingOptions;
}) {
  return (
    <ErrorBoundary>
      {HOME_PATHS.has(path) ? <App content={content} landing={landing} /> : <NotFound />}
    </ErrorBoundary>
  );
}
