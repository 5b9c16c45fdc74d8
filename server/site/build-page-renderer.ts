import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderSite } from './render-site';

/**
 * Stands in for the render of `/` from the content document until the server-side bundle
 * offers one (loadSiteRenderer): the build's own page and sitemap, whatever the document says.
 */
export async function loadBuildPageRenderer(distDir: string): Promise<RenderSite> {
  const client = path.join(distDir, 'client');
  const indexHtml = await readFile(path.join(client, 'index.html'), 'utf8');
  const sitemapXml = await readFile(path.join(client, 'sitemap.xml'), 'utf8');
  return () => ({ indexHtml, sitemapXml });
}
