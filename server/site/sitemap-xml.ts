/**
 * The sitemap: `paths` are the indexable pages, `/` first, each dated with the day the content
 * was last published (the build's seed counts as a publish).
 */
export function sitemapXml(siteUrl: string, lastModified: Date, paths: readonly string[]): string {
  const date = lastModified.toISOString().slice(0, 10);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${siteUrl}${path}</loc><lastmod>${date}</lastmod></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
