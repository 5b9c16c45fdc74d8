import { escapeHtml } from '../../common/escape-html';
import { award } from '../../src/content/award';
import { notFoundPage } from '../../src/content/pages';
import { site } from '../../src/content/site';

const OG_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 };

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/** Head lines indented as they stand in index.html's head. */
function joinHead(lines: string[]): string {
  return lines.join('\n    ');
}

/** A page's own title, followed by the brand. */
function pageTitle(title: string): string {
  return `<title>${escapeHtml(`${title} | ${site.brand}`)}</title>`;
}

/** Structured data for search engines; `<` is escaped so no value can close the script. */
function businessJsonLd(siteUrl: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    name: site.brand,
    description: site.description,
    slogan: site.tagline,
    url: `${siteUrl}/`,
    email: site.email,
    telephone: site.phone,
    image: `${siteUrl}${OG_IMAGE.path}`,
    logo: `${siteUrl}/favicon.svg`,
    award: award.title,
  };
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}

/** Title, description, canonical, social cards and structured data for the landing page. */
export function landingHead(siteUrl: string): string {
  const title = site.title;
  const imageUrl = `${siteUrl}${OG_IMAGE.path}`;
  return joinHead([
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', site.description),
    `<link rel="canonical" href="${escapeHtml(siteUrl)}/" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:title', title),
    meta('property', 'og:description', site.tagline),
    meta('property', 'og:url', `${siteUrl}/`),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', String(OG_IMAGE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE.height)),
    meta('property', 'og:image:alt', `${site.brand}: ${site.tagline}`),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', site.tagline),
    meta('name', 'twitter:image', imageUrl),
    businessJsonLd(siteUrl),
  ]);
}

export function notFoundHead(): string {
  return joinHead([
    pageTitle(notFoundPage.title),
    meta('name', 'description', notFoundPage.description),
    meta('name', 'robots', 'noindex'),
  ]);
}

export function privacyHead(siteUrl: string, title: string, description: string): string {
  return joinHead([
    pageTitle(title),
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(siteUrl)}/privacy" />`,
  ]);
}

/** Pages nobody should find in a search engine: where forms land. */
export function noIndexHead(title: string): string {
  return joinHead([pageTitle(title), meta('name', 'robots', 'noindex')]);
}

/** The head of pages the server renders per form post; it fills the title marker. */
export function formShellHead(): string {
  return joinHead(['<title><!--page-title--></title>', meta('name', 'robots', 'noindex')]);
}
