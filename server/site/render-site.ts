import type { SiteContent } from '../../common/site-content';

/**
 * The public files that depend on the content document. The build renders them from the seed
 * document and the server renders them again at every publish, with the same server-side React
 * bundle (dist/server/entry-server.js), so both produce the same bytes for the same document.
 */
export type RenderedSite = {
  /** The whole HTML document served at `/` (head with title, Open Graph and JSON-LD, body). */
  indexHtml: string;
  /** The sitemap, its `<lastmod>` the moment the document was published. */
  sitemapXml: string;
};

/** Renders the public files for one document; a draft renders the same way for the preview. */
export type RenderSite = (content: SiteContent, publishedAt: Date) => RenderedSite;
