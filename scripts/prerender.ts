import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../server/config';
import { inlineScriptHashes, inlineStyleHashes } from './prerender/csp';
import {
  inlineStylesheet,
  inlineSvgFavicon,
  loadEntryAfterFirstPaint,
  withoutEntryScript,
} from './prerender/critical-path';
import { landingHead, newsletterPageHead, notFoundHead } from './prerender/head';
import { robotsTxt, sitemapXml } from './prerender/site-files';
import { newsletterPages, type NewsletterPageName } from '../src/content/newsletter-pages';

const DIST = resolve('dist');
const CLIENT = join(DIST, 'client');
const DISPLAY_FONT = /^fraunces-display-[\w-]+\.woff2$/;

type Renderer = {
  render: (path: string) => string;
  renderNewsletterPage: (name: NewsletterPageName) => string;
  newsletterConsentWording: string;
};

async function loadRenderer(): Promise<Renderer> {
  const entry = pathToFileURL(join(DIST, 'server', 'entry-server.js')).href;
  return (await import(entry)) as Renderer;
}

/**
 * The pages behind newsletter email links, one per state, in dist/pages/ (never served as
 * files: the server answers the link with the page for the token's state), and the sign-up
 * box's wording the server keeps with each sign-up as proof of consent.
 */
async function writeNewsletterPages(template: string, renderer: Renderer): Promise<string[]> {
  const directory = join(DIST, 'pages', 'newsletter');
  await mkdir(directory, { recursive: true });
  const pages = Object.entries(newsletterPages).map(([name, copy]) => ({
    file: `${name}.html`,
    html: fillTemplate(
      template,
      newsletterPageHead(copy.title),
      renderer.renderNewsletterPage(name as NewsletterPageName),
    ),
  }));
  for (const page of pages) await writeFile(join(directory, page.file), page.html);
  await writeFile(join(DIST, 'pages', 'newsletter-wording.txt'), renderer.newsletterConsentWording);
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
  const styled = await inlineStylesheet(built, CLIENT);
  const withFavicon = await inlineSvgFavicon(styled, CLIENT);
  const template = loadEntryAfterFirstPaint(withFavicon);
  const renderer = await loadRenderer();
  const { render } = renderer;
  const preload = await fontPreload();

  const pages = [
    {
      file: 'index.html',
      html: fillTemplate(template, `${landingHead(siteUrl)}\n    ${preload}`, render('/')),
    },
    { file: '404.html', html: fillTemplate(template, notFoundHead(), render('/404')) },
  ];
  for (const page of pages) await writeFile(join(CLIENT, page.file), page.html);
  const newsletterHtml = await writeNewsletterPages(withoutEntryScript(withFavicon), renderer);

  await writeFile(join(CLIENT, 'robots.txt'), robotsTxt(siteUrl));
  await writeFile(join(CLIENT, 'sitemap.xml'), sitemapXml(siteUrl, new Date()));

  const hashesOf = (hashes: (html: string) => string[]) => [
    ...new Set([...pages.map((page) => page.html), ...newsletterHtml].flatMap(hashes)),
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
