import type { SiteContent } from '../../../common/site-content';
import { fillLandingTemplate, splitLandingTemplate } from '../../../server/site/landing-template';
import type { RenderSite } from '../../../server/site/render-site';
import { sitemapXml } from '../../../server/site/sitemap-xml';
import { FIXTURE_LANDING_SOURCE, FIXTURE_LANDING_TEMPLATE, FIXTURE_SITE_URL } from './fixture-site';

type Landing = {
  renderLanding: (content: SiteContent) => string;
  renderLandingHead: (content: SiteContent) => string;
};

// The same source the fixture build's stub bundle exports, so the page an in-process app
// publishes is the one a spawned server on the fixture build publishes.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- a constant of our own, tests only
const defineLanding = new Function(
  `${FIXTURE_LANDING_SOURCE}\nreturn { renderLanding, renderLandingHead };`,
) as () => Landing;
const landing = defineLanding();
const template = splitLandingTemplate(FIXTURE_LANDING_TEMPLATE);

/**
 * Stands in for the build's renderer (a RenderSite) in process: the fixture build's render of
 * `/`, under the fixture CSP, and a sitemap dated with the publish. The real renderer is tested
 * with the real build.
 */
export const renderFixtureSite: RenderSite = (content, publishedAt) => ({
  indexHtml: fillLandingTemplate(
    template,
    landing.renderLandingHead(content),
    landing.renderLanding(content),
  ),
  sitemapXml: sitemapXml(FIXTURE_SITE_URL, publishedAt, ['/']),
});
