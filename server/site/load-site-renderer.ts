import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LandingOptions } from '../../common/landing-options';
import type { SiteContent } from '../../common/site-content';
import { SSR_ENTRY } from '../forms/form-page-renderer';
import {
  fillLandingTemplate,
  LANDING_TEMPLATE_FILE,
  splitLandingTemplate,
} from './landing-template';
import type { RenderSite } from './render-site';
import { sitemapXml } from './sitemap-xml';

/** What the server-side bundle (src/entry-server.tsx) offers for the landing page. */
type LandingEntry = {
  renderLanding: (content: SiteContent, landing: LandingOptions) => string;
  renderLandingHead: (content: SiteContent, siteUrl: string) => string;
  INDEXABLE_PATHS: readonly string[];
};

function isLandingEntry(entry: Partial<LandingEntry>): entry is LandingEntry {
  return (
    typeof entry.renderLanding === 'function' &&
    typeof entry.renderLandingHead === 'function' &&
    Array.isArray(entry.INDEXABLE_PATHS)
  );
}

const missing = (file: string) => (error: unknown) => {
  throw new Error(`${file} is missing: run \`npm run build\` first.`, { cause: error });
};

/**
 * The one render of the public page, for the build and for every publish: the build's
 * server-side bundle (dist/server/entry-server.js) renders the head and body of `/` from a
 * content document into the landing template the prerender wrote, as the server's settings
 * shape it (`landing`), and the sitemap is dated with the publish. No Vite and no rebuild: the bundle is plain JavaScript, loaded once.
 */
export async function loadSiteRenderer(
  distDir: string,
  siteUrl: string,
  landing: LandingOptions,
): Promise<RenderSite> {
  const templateFile = path.join(distDir, LANDING_TEMPLATE_FILE);
  const template = splitLandingTemplate(
    await readFile(templateFile, 'utf8').catch(missing(templateFile)),
  );
  const entryFile = path.join(distDir, SSR_ENTRY);
  await access(entryFile).catch(missing(entryFile));
  const entry = (await import(pathToFileURL(entryFile).href)) as Partial<LandingEntry>;
  if (!isLandingEntry(entry)) {
    throw new Error(
      `${entryFile} does not export renderLanding, renderLandingHead and INDEXABLE_PATHS.`,
    );
  }
  return (content, publishedAt) => ({
    indexHtml: fillLandingTemplate(
      template,
      entry.renderLandingHead(content, siteUrl),
      entry.renderLanding(content, landing),
    ),
    sitemapXml: sitemapXml(siteUrl, publishedAt, entry.INDEXABLE_PATHS),
  });
}
