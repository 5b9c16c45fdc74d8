import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../server/config';
import {
  BODY_MARKER,
  fillLandingTemplate,
  HEAD_MARKER,
  LANDING_TEMPLATE_FILE,
  LANDING_TEMPLATE_PAGES,
  nameStylesheetInTemplate,
  splitLandingTemplate,
} from '../server/site/landing-template';
import { SITE_STYLESHEET_STAND_IN } from '../common/site-stylesheet';
import { loadSiteRenderer } from '../server/site/load-site-renderer';
import { readSiteContentSeed } from '../server/site/site-content-seed-file';
import { inlineHashesOf } from './prerender/csp';
import { SENT_PAGES } from '../common/form-page';
import { BUILD_LANDING, type LandingOptions } from '../common/landing-options';
import type { SiteContent } from '../common/site-content';
import { formPages } from '../src/content/form-pages';
import { privacy } from '../src/content/privacy';
import { PRIVACY_PATH } from '../src/content/privacy-links';
import { newsletterPages, type NewsletterPageName } from '../src/content/newsletter-pages';
import {
  inlineStylesheet,
  inlineSvgFavicon,
  loadEntryAfterFirstPaint,
  removeEntryScript,
} from './prerender/critical-path';
import { declareDisplayFace, displayFontHref } from './prerender/display-face';
import { firstScreenCss } from './prerender/first-screen-css';
import { writeRestOfStylesheet } from './prerender/rest-of-stylesheet';
import { formShellHead, noIndexHead, notFoundHead, privacyHead } from './prerender/head';
import { copyRenderedAssets } from './prerender/rendered-assets';
import { bookingTimesSrc, withBookingTimes } from './prerender/booking-shell';
import { BOOKING_SHELL_FILE } from '../server/forms/form-page-renderer';
import { robotsTxt } from './prerender/site-files';

const DIST = resolve('dist');
const CLIENT = join(DIST, 'client');

type Renderers = {
  render: (path: string, content: SiteContent, landing: LandingOptions) => string;
  renderStaticPage: (path: string) => string;
  renderNewsletterPage: (name: NewsletterPageName) => string;
  newsletterConsentWording: string;
};

/** The landing page's markup up to where it links its whole stylesheet: its first screen. */
function firstScreenOf(landingBody: string): string {
  const end = landingBody.indexOf(`href="${SITE_STYLESHEET_STAND_IN}"`);
  if (end === -1) throw new Error('The landing page does not link its stylesheet after the hero.');
  return landingBody.slice(0, end);
}

async function loadRenderers(): Promise<Renderers> {
  const entry = pathToFileURL(join(DIST, 'server', 'entry-server.js')).href;
  return (await import(entry)) as Renderers;
}

/**
 * The pages behind newsletter email links, one per state, in dist/pages/ (never served as
 * files: the server answers a link with the page for its token's state), and the sign-up box's
 * wording, which the server keeps with each sign-up as proof of consent.
 */
async function writeNewsletterPages(scriptless: string, renderers: Renderers): Promise<string[]> {
  const directory = join(DIST, 'pages', 'newsletter');
  await mkdir(directory, { recursive: true });
  const pages = Object.entries(newsletterPages).map(([name, copy]) => ({
    file: `${name}.html`,
    html: fillTemplate(
      scriptless,
      noIndexHead(copy.title),
      renderers.renderNewsletterPage(name as NewsletterPageName),
    ),
  }));
  for (const page of pages) await writeFile(join(directory, page.file), page.html);
  await writeFile(
    join(DIST, 'pages', 'newsletter-wording.txt'),
    renderers.newsletterConsentWording,
  );
  return pages.map((page) => page.html);
}

function fillTemplate(template: string, head: string, appHtml: string): string {
  if (!template.includes(HEAD_MARKER) || !template.includes(BODY_MARKER)) {
    throw new Error(`dist/client/index.html lacks the ${HEAD_MARKER} or ${BODY_MARKER} marker.`);
  }
  return template.replace(HEAD_MARKER, () => head).replace(BODY_MARKER, () => appHtml);
}

/**
 * The landing page's shell, for the build and for every publish (server/site/load-site-renderer.ts):
 * the stylesheet inlined and the entry (and with it the display face) loaded after the first
 * paint; the content's head and body go where the markers are.
 */
async function writeLandingTemplate(template: string): Promise<void> {
  const file = join(DIST, LANDING_TEMPLATE_FILE);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, template);
}

async function prerender(): Promise<void> {
  const siteUrl = readConfig(process.env).siteOrigin;
  const built = await inlineSvgFavicon(await readFile(join(CLIENT, 'index.html'), 'utf8'), CLIENT);
  const renderers = await loadRenderers();
  const { render, renderStaticPage } = renderers;
  const seed = await readSiteContentSeed(DIST);
  const fontHref = await displayFontHref(CLIENT);
  // The landing page inlines only its first screen's rules and links the whole stylesheet
  // after it (0079); the other pages are short and inline it all.
  const firstScreen = firstScreenOf(render('/', seed, BUILD_LANDING));
  const landingStyled = await inlineStylesheet(built, CLIENT, (css) =>
    firstScreenCss(css, firstScreen),
  );
  // What the first screen's rules leave, linked after the first screen (0124).
  const restHref = await writeRestOfStylesheet(CLIENT, landingStyled);
  // The display face comes by script after the first paint, or without script by the
  // stylesheet's `@media (scripting: none)` rule (0057, 0085).
  const template = loadEntryAfterFirstPaint(landingStyled.html);
  const landingTemplate = nameStylesheetInTemplate(template, restHref);
  await writeLandingTemplate(landingTemplate);
  await copyRenderedAssets(join(DIST, 'server'), CLIENT);
  // Pages without behaviour load no script at all.
  const styledWithoutEntry = removeEntryScript((await inlineStylesheet(built, CLIENT)).html);
  const scriptless = declareDisplayFace(styledWithoutEntry, fontHref);
  // The page at `/` as a fresh install publishes it: the seed, through the server's own render.
  const landing = (await loadSiteRenderer(DIST, siteUrl, BUILD_LANDING))(seed, new Date());
  const pageAt = (path: string, head: string) => ({
    file: `${path.slice(1)}/index.html`,
    html: fillTemplate(scriptless, head, renderStaticPage(path)),
  });

  const pages = [
    { file: 'index.html', html: landing.indexHtml },
    {
      file: '404.html',
      html: fillLandingTemplate(
        splitLandingTemplate(landingTemplate),
        notFoundHead(),
        render('/404', seed, BUILD_LANDING),
      ),
    },
    pageAt(PRIVACY_PATH, privacyHead(siteUrl, privacy.title, privacy.description)),
    pageAt(SENT_PAGES.contact, noIndexHead(formPages.contactSent.title)),
    pageAt(SENT_PAGES.newsletter, noIndexHead(formPages.newsletterSent.title)),
  ];
  for (const page of pages) {
    await mkdir(dirname(join(CLIENT, page.file)), { recursive: true });
    await writeFile(join(CLIENT, page.file), page.html);
  }
  // The shell the server fills when it answers a form post with a page (outside client/: it is
  // never served as it is). The title and the body are filled per answer.
  const formShell = {
    file: 'form-page.html',
    html: scriptless.replace(HEAD_MARKER, () => formShellHead()),
  };
  await writeFile(join(DIST, formShell.file), formShell.html);
  // The same shell for the pages that offer slots, with their one script (decision 0080), which
  // also brings in the display face after the first paint, as the landing's entry does.
  const bookingShell = {
    file: BOOKING_SHELL_FILE,
    html: withBookingTimes(
      styledWithoutEntry.replace(HEAD_MARKER, () => formShellHead()),
      await bookingTimesSrc(CLIENT),
    ),
  };
  await writeFile(join(DIST, bookingShell.file), bookingShell.html);
  const newsletterHtml = await writeNewsletterPages(scriptless, renderers);

  await writeFile(join(CLIENT, 'robots.txt'), robotsTxt(siteUrl));
  await writeFile(join(CLIENT, 'sitemap.xml'), landing.sitemapXml);

  const everyPage = [...pages, formShell, bookingShell].map((page) => page.html);
  const meta = {
    siteUrl,
    ...inlineHashesOf([...everyPage, ...newsletterHtml]),
    // `/` and the 404 page (the same template) allow only their own inline code: the first
    // response must fit TCP's first window, and the other pages' hashes are 160 bytes of it.
    landing: inlineHashesOf(
      pages.filter((page) => LANDING_TEMPLATE_PAGES.has(page.file)).map((page) => page.html),
    ),
  };
  await writeFile(join(DIST, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`Prerendered ${pages.map((page) => page.file).join(', ')} for ${siteUrl}`);
}

await prerender();
