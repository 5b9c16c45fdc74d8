import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withBookingTimes } from '../../../scripts/prerender/booking-shell';
import { inlineHashesOf } from '../../../scripts/prerender/csp';

export const INLINE_SCRIPT = "document.documentElement.dataset.theme='light';";
export const INLINE_STYLE = 'h1{font-size:3rem}';

const filler = Array.from(
  { length: 40 },
  (_, index) => `<p>Ember &amp; Ink crafts brands, sites and campaigns, paragraph ${index}.</p>`,
).join('\n');

/** Enough text that the rendered page is worth compressing, as the real one is. */
const RENDERED_FILLER = Array.from(
  { length: 40 },
  (_, index) => `<p>Rendered from the content document, paragraph ${index}.</p>`,
).join('\n');

/**
 * The fixture's render of `/` from a content document, as the JavaScript its stub SSR bundle
 * exports: what a visitor would notice of a publish (the title, the hero's headline, every
 * testimonial's quote). fixture-render.ts runs the same source in process.
 */
export const FIXTURE_LANDING_SOURCE = `
function escapeHtml(text) { return String(text).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';'); }
function renderLandingHead(content) { return '<title>' + escapeHtml(content.meta.title) + '</title>'; }
function renderLanding(content) {
  const { lead, mark, tail } = content.hero.headline;
  const quotes = content.testimonials.items.map((item) => '<blockquote>' + escapeHtml(item.quote) + '</blockquote>').join('');
  return '<h1>' + escapeHtml(lead + mark + tail) + '</h1>' + quotes + ${JSON.stringify(RENDERED_FILLER)};
}
`;

/** The landing template the prerender writes: the fixture's inline script and style, its assets. */
export const FIXTURE_LANDING_TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><!--app-head--><script>${INLINE_SCRIPT}</script><style>${INLINE_STYLE}</style><link rel="stylesheet" href="/assets/app-3f9a1c.css"></head><body><!--app-html--><script type="module" src="/assets/app-7b2e4d.js"></script></body></html>`;

/** A miniature build in the shape `npm run build` produces, without its precompressed files. */
export const FIXTURE_FILES: Record<string, string> = {
  'index.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ember &amp; Ink</title><script>${INLINE_SCRIPT}</script><style>${INLINE_STYLE}</style><link rel="stylesheet" href="/assets/app-3f9a1c.css"></head><body><h1>Ember &amp; Ink</h1>${filler}<script type="module" src="/assets/app-7b2e4d.js"></script></body></html>`,
  '404.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>404</title></head><body><h1>404</h1><p>Page not found</p><a href="/">Return to Home</a>${filler}</body></html>`,
  'assets/app-7b2e4d.js': `console.log(${JSON.stringify(filler)});`,
  'assets/app-3f9a1c.css': `body { color: #222; }\n${'.section { margin: 0 auto; padding: 2rem; }\n'.repeat(40)}`,
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'sitemap.xml': [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    '  <url><loc>https://emberandink.example/</loc><lastmod>2026-01-01</lastmod></url>',
    '  <url><loc>https://emberandink.example/privacy</loc><lastmod>2026-01-01</lastmod></url>',
    '</urlset>',
    '',
  ].join('\n'),
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${'<circle cx="8" cy="8" r="7"/>'.repeat(10)}</svg>`,
};

/** The newsletter box's wording the fixture build records, kept with each sign-up. */
export const FIXTURE_NEWSLETTER_WORDING = 'Studio notes: one short email a month.';

function newsletterPage(title: string, button?: string, field?: string): string {
  const form =
    button === undefined
      ? ''
      : `<form method="post">${field ?? ''}<button>${button}</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${form}</body></html>`;
}

/** The pages the build prerenders for the newsletter's email links, by name. */
export const FIXTURE_PAGES: Record<string, string> = {
  'newsletter/confirm.html': newsletterPage('Confirm your subscription', 'Confirm subscription'),
  'newsletter/confirmed.html': newsletterPage('You are subscribed'),
  'newsletter/unsubscribe.html': newsletterPage(
    'Unsubscribe',
    'Unsubscribe',
    '<input type="hidden" name="List-Unsubscribe" value="One-Click">',
  ),
  'newsletter/unsubscribed.html': newsletterPage('You are unsubscribed'),
  'newsletter/invalid-link.html': newsletterPage('This link no longer works'),
  'newsletter/refused.html': newsletterPage('This request was refused'),
  'newsletter-wording.txt': FIXTURE_NEWSLETTER_WORDING,
};

/** The SITE_URL the fixture build records, as a real build records the one it was made for. */
export const FIXTURE_SITE_URL = 'https://emberandink.example';

/** The shell the prerender writes for pages that answer plain form posts. */
const FORM_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title><!--page-title--></title><style>${INLINE_STYLE}</style></head><body><div id="root"><!--app-html--></div></body></html>`;

/** The same shell with the booking pages' script, made by the prerender's own code. */
const BOOKING_SHELL = withBookingTimes(FORM_SHELL, '/assets/booking-times-fixture.js');

/** What the fixture's meta.json lists, as the prerender lists every page's inline code. */
export const FIXTURE_HASHES = inlineHashesOf([FIXTURE_LANDING_TEMPLATE, FORM_SHELL, BOOKING_SHELL]);
/** …and the landing template's alone, which `/` and the 404 page allow. */
export const FIXTURE_LANDING_HASHES = inlineHashesOf([FIXTURE_LANDING_TEMPLATE]);

/**
 * Stands in for the SSR bundle's renderFormPage: the same inputs, plain escaped HTML. The real
 * bundle's pages are checked in the browser journeys.
 */
const SSR_ENTRY = `${FIXTURE_LANDING_SOURCE}
export { renderLanding, renderLandingHead };
export const INDEXABLE_PATHS = ['/'];
const escape = (v) => String(v).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
const BOOKING_KINDS = ['book', 'booked', 'manage', 'manage-done', 'link-gone'];
function renderBookingPage(page) {
  const notice = page.notice ? '<p role="alert">' + escape(page.notice) + '</p>' : '';
  const when = page.call ? '<p data-call-start="' + escape(page.call.start) + '">' + escape(page.call.when) + '</p>' : '';
  const zone = page.zoneLabel ? '<p data-zone>' + escape(page.zoneLabel) + '</p>' : '';
  const slots = (page.days ?? []).map((day) => '<h2>' + escape(day.label) + '</h2>' + day.slots.map((slot) => '<label><input type="radio" name="start" value="' + escape(slot.start) + '">' + escape(slot.time) + '</label>').join('')).join('');
  const values = Object.entries(page.values ?? {}).map(([name, value]) => '<input name="' + escape(name) + '" value="' + escape(value) + '">').join('');
  const errors = Object.entries(page.fieldErrors ?? {}).map(([name, code]) => '<p data-field="' + escape(name) + '">' + escape(code) + '</p>').join('');
  const state = page.done ?? (page.isSpent === undefined ? '' : page.isSpent ? 'spent' : 'unknown');
  const weekHref = (from) => escape((page.self ? page.self + '&from=' : '/book?from=') + from);
  const later = page.week?.later ? '<a href="' + weekHref(page.week.later) + '">Later days</a>' : '';
  const where = page.where ? '<p data-meeting>' + escape(page.where.text) + '</p>' : '';
  const reason = page.confirmingCancel ? '<textarea name="reason"></textarea>' : '';
  return { title: page.kind, html: '<h1>' + escape(page.kind + ' ' + state) + '</h1>' + notice + when + where + zone + '<form method="post">' + slots + later + values + errors + reason + '</form>' };
}
export function renderFormPage(page) {
  if (BOOKING_KINDS.includes(page.kind)) return renderBookingPage(page);
  if (page.kind === 'problem') return { title: 'Problem', html: '<h1>' + page.status + '</h1><p role="alert">' + escape(page.error) + '</p>' };
  const values = page.kind === 'newsletter' ? { email: page.email } : page.values;
  const errors = page.kind === 'newsletter' ? { email: page.error } : page.fieldErrors;
  const fields = Object.entries(values).map(([name, value]) => '<label>' + escape(name) + ' <input name="' + escape(name) + '" value="' + escape(value) + '"></label>').join('');
  const messages = Object.entries(errors).map(([name, code]) => '<p data-field="' + escape(name) + '">' + escape(code) + '</p>').join('');
  return { title: 'Check the form', html: '<p role="alert">' + escape(page.error) + '</p><form method="post">' + fields + messages + '</form>' };
}
`;

/**
 * Today's content seed. Imported on use: the seed reads the content modules, whose image imports
 * only Vite and Vitest resolve, so a Playwright spec passes the built seed instead.
 */
async function todaysSeed(): Promise<unknown> {
  const { createSiteContentSeed } = await import('../../../src/content/site-content-seed');
  return createSiteContentSeed();
}

/**
 * Writes the fixture as dist/client + dist/meta.json and returns the dist directory. The site's
 * content is today's seed unless `siteContent` is given.
 */
export async function writeFixtureSite(
  root: string,
  siteUrl = FIXTURE_SITE_URL,
  siteContent?: unknown,
): Promise<string> {
  const distDir = path.join(root, 'dist');
  for (const [name, content] of Object.entries(FIXTURE_FILES)) {
    const file = path.join(distDir, 'client', name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  await writeFile(path.join(distDir, 'form-page.html'), FORM_SHELL);
  await writeFile(path.join(distDir, 'booking-page.html'), BOOKING_SHELL);
  await writeFile(
    path.join(distDir, 'site-content.json'),
    JSON.stringify(siteContent ?? (await todaysSeed())),
  );
  await mkdir(path.join(distDir, 'server'), { recursive: true });
  await writeFile(path.join(distDir, 'server', 'entry-server.js'), SSR_ENTRY);
  for (const [name, content] of Object.entries({
    ...FIXTURE_PAGES,
    'landing-template.html': FIXTURE_LANDING_TEMPLATE,
  })) {
    const file = path.join(distDir, 'pages', name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  await writeFile(
    path.join(distDir, 'meta.json'),
    JSON.stringify({
      siteUrl,
      ...FIXTURE_HASHES,
      landing: FIXTURE_LANDING_HASHES,
    }),
  );
  return distDir;
}
