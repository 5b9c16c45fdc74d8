import { escapeHtml } from '../../common/escape-html';
import { notFoundPage } from '../../src/content/pages';
import { site } from '../../src/content/site';

function meta(attribute: 'name' | 'property', key: string, content: string): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
}

/**
 * Head lines indented as they stand in index.html's head. The landing page's head is built
 * from the content document (src/pages/landing-head.ts); these pages' heads are code.
 */
function joinHead(lines: string[]): string {
  return lines.join('\n    ');
}

/** A page's own title, followed by the brand. */
function pageTitle(title: string): string {
  return `<title>${escapeHtml(`${title} | ${site.brand}`)}</title>`;
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
