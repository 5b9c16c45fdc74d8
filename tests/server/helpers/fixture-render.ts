import type { RenderSite } from '../../../server/site/render-site';
import { FIXTURE_SITE_URL, INLINE_SCRIPT, INLINE_STYLE } from './fixture-site';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Enough text that the page is worth compressing, as the real one is. */
const FILLER = Array.from(
  { length: 40 },
  (_, index) => `<p>Rendered from the content document, paragraph ${index}.</p>`,
).join('\n');

/**
 * Stands in for the build's renderer (a RenderSite): a small page that shows what a visitor
 * would notice of a publish (the title, the hero's headline, every testimonial's quote) with
 * the fixture build's inline script and style, so the fixture CSP allows it, and a sitemap
 * dated with the publish. The real renderer is tested with the real build.
 */
export const renderFixtureSite: RenderSite = (content, publishedAt) => {
  const { lead, mark, tail } = content.hero.headline;
  const quotes = content.testimonials.items
    .map((item) => `<blockquote>${escapeHtml(item.quote)}</blockquote>`)
    .join('');
  return {
    indexHtml: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.meta.title)}</title><script>${INLINE_SCRIPT}</script><style>${INLINE_STYLE}</style></head><body><h1>${escapeHtml(`${lead}${mark}${tail}`)}</h1>${quotes}${FILLER}</body></html>`,
    sitemapXml: [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      `  <url><loc>${FIXTURE_SITE_URL}/</loc><lastmod>${publishedAt.toISOString().slice(0, 10)}</lastmod></url>`,
      '</urlset>',
      '',
    ].join('\n'),
  };
};
