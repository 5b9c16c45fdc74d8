import { escapeHtml } from '../../common/escape-html';
import type { SiteContent } from '../../common/site-content';
import { site } from '../content/site';
import { HERO_LAST_PART_ID } from '../sections/hero/hero';
import { serializeJsonForScript } from '../lib/json-in-script';

/** The social card: one image made for link previews, served from the site's root. */
const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 };

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** Structured data for search engines, written so that no text in it can close its script. */
function businessJsonLd(content: SiteContent, siteUrl: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.brand,
    description: content.meta.description,
    slogan: content.hero.tagline,
    url: `${siteUrl}/`,
    email: content.contact.email,
    telephone: content.contact.phone,
    image: `${siteUrl}${OG_IMAGE.path}`,
    logo: `${siteUrl}/favicon.svg`,
    award: content.about.award.title,
  };
  return `<script type="application/ld+json">${serializeJsonForScript(data)}</script>`;
}

/**
 * The landing page's head from the content document: title, description, canonical link,
 * social cards and structured data, its lines indented as they stand in index.html's head. The
 * build and every publish write it with this same function, from the server-side bundle.
 */
export function landingHead(content: SiteContent, siteUrl: string): string {
  const { title, description } = content.meta;
  const { tagline } = content.hero;
  const imageUrl = `${siteUrl}${OG_IMAGE.path}`;
  return [
    // Chromium's parser yields every 10 ms; a frame drawn at a yield could show the header
    // alone, and the hero's largest paint would come a frame later (decision 0127).
    `<link rel="expect" href="#${HERO_LAST_PART_ID}" blocking="render" />`,
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(siteUrl)}/" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:title', title),
    meta('property', 'og:description', tagline),
    meta('property', 'og:url', `${siteUrl}/`),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', String(OG_IMAGE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE.height)),
    meta('property', 'og:image:alt', `${site.brand}: ${tagline}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', tagline),
    meta('name', 'twitter:image', imageUrl),
    businessJsonLd(content, siteUrl),
  ].join('\n    ');
}
