import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../server/config';
import { inlineScriptHashes, inlineStyleHashes } from './prerender/csp';
import { SENT_PAGES } from '../common/form-page';
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
import {
  formShellHead,
  landingHead,
  noIndexHead,
  notFoundHead,
  privacyHead,
} from './prerender/head';
import { islandPrefetchList, takeManifest } from './prerender/island-prefetch';
import { copyRenderedAssets } from './prerender/rendered-assets';
import { robotsTxt, sitemapXml } from './prerender/site-files';

const DIST = resolve('dist');
const CLIENT = join(DIST, 'client');
const DISPLAY_FONT = /^fraunces-display-[\w-]+\.woff2$/;

type Render = (path: string) => string;
type Renderers = {
  render: Render;
  renderStaticPage: Render;
  renderNewsletterPage: (name: NewsletterPageName) => string;
  newsletterConsentWording: string;
};

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

/** The display font is needed by the first heading: fetch it with the HTML, not after the CSS. */
async function fontPreload(): Promise<string> {
  const assets = await readdir(join(CLIENT, 'assets'));
  const font = assets.find((name) => DISPLAY_FONT.test(name));
  if (!font) throw new Error('The display font is missing from dist/client/assets.');
  return `<link rel="preload" href="/assets/${font}" as="font" type="font/woff2" crossorigin />`;
}

function fillTemplate(template: string, head: string, appHtml: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('dist/client/index.html lacks the <!--app-head--> or <!--app-html--> marker.');
  }
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', appHtml);
}

async function prerender(): Promise<void> {
  const siteUrl = readConfig(process.env).siteOrigin;
  const built = await readFile(join(CLIENT, 'index.html'), 'utf8');
  const styled = await inlineSvgFavicon(await inlineStylesheet(built, CLIENT), CLIENT);
  const template = loadEntryAfterFirstPaint(styled);
  const prefetchList = islandPrefetchList(await takeManifest(CLIENT, DIST));
  await copyRenderedAssets(join(DIST, 'server'), CLIENT);
  // Only the landing page has islands that wake at a touch; the list is fetched after load.
  const landingTemplate = template.replace('</body>', () => `${prefetchList}\n  </body>`);
  // Pages without behaviour load no script at all.
  const scriptless = removeEntryScript(styled);
  const renderers = await loadRenderers();
  const { render, renderStaticPage } = renderers;
  const preload = await fontPreload();
  const pageAt = (path: string, head: string) => ({
    file: `${path.slice(1)}/index.html`,
    html: fillTemplate(scriptless, head, renderStaticPage(path)),
  });

  const pages = [
    {
      file: 'index.html',
      html: fillTemplate(landingTemplate, `${landingHead(siteUrl)}\n    ${preload}`, render('/')),
    },
    { file: '404.html', html: fillTemplate(template, notFoundHead(), render('/404')) },
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
    html: scriptless.replace('<!--app-head-->', () => formShellHead()),
  };
  await writeFile(join(DIST, formShell.file), formShell.html);
  const newsletterHtml = await writeNewsletterPages(scriptless, renderers);

  await writeFile(join(CLIENT, 'robots.txt'), robotsTxt(siteUrl));
  await writeFile(
    join(CLIENT, 'sitemap.xml'),
    sitemapXml(siteUrl, new Date(), ['/', PRIVACY_PATH]),
  );

  const hashesOf = (hashes: (html: string) => string[]) => [
    ...new Set(
      [...pages, formShell]
        .map((page) => page.html)
        .concat(newsletterHtml)
        .flatMap(hashes),
    ),
  ];
  const meta = {
    siteUrl,
    inlineScriptHashes: hashesOf(inlineScriptHashes),
    inlineStyleHashes: hashesOf(inlineStyleHashes),
  };
  await writeFile(join(DIST, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  console.log(`Prerendered ${pages.map((page) => page.file).join(', ')} for ${siteUrl}`);
}

await prerender();
