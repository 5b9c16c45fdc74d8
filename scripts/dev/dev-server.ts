import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import type { LandingOptions } from '../../common/landing-options';
import { SiteContentSchema, type SiteContent } from '../../common/site-content';
import type { Config } from '../../server/config';
import { runServer, type FrontEnd } from '../../server/run-server';
import { buildSecurityHeaders, type HeaderRecord } from '../../server/security-headers';
import {
  fillLandingTemplate,
  splitLandingTemplate,
  type LandingTemplate,
} from '../../server/site/landing-template';
import { sitemapXml } from '../../server/site/sitemap-xml';
import { buildStaticFile } from '../../server/static/build-static-file';
import type { Site } from '../../server/static/site';
import { isStudioSsrEntry } from '../../server/studio/studio-first-screen';
import { STUDIO_HTML_PATH } from '../../server/studio/studio-pages';
import { landingConfig } from '../../vite.config';
import { inlineScriptHashes, inlineStyleHashes } from '../prerender/csp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const LANDING_ENTRY = '/src/entry-server.tsx';
const STUDIO_ENTRY = '/src/studio/entry-server.tsx';
const SEED_MODULE = '/src/content/site-content-seed.ts';
/**
 * Vite names a resized image `/@imagetools/<hash>`, where the content document holds only
 * `/assets/…` addresses (the build's): the seed's images are stored under this stand-in, which
 * the front door hands back to Vite.
 */
const VITE_IMAGE = '/@imagetools/';
const STORED_IMAGE = '/assets/imagetools-';
/** The landing page's whole stylesheet, served by Vite as CSS (`?direct`) where the build links its hashed file. */
const SOURCE_STYLESHEET = '/src/styles.css?direct';
const NOT_FOUND =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>404</title><h1>404</h1><p>Page not found</p><a href="/">Return to Home</a></html>';

/** What src/entry-server.tsx gives the landing page. */
type LandingEntry = {
  renderLanding: (content: SiteContent, landing: LandingOptions) => string;
  renderLandingHead: (content: SiteContent, siteUrl: string) => string;
  INDEXABLE_PATHS: readonly string[];
  newsletterConsentWording: string;
};

/** A port no one listens on now, for Vite's HMR socket, so two dev servers never collide. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The production policy for a page's own inline code, plus what Vite needs in development
 * only: its injected scripts and styles carry this process's nonce, and its HMR client talks
 * to its own socket.
 */
function pagePolicy(html: string, dev: { nonce: string; hmrPort: number; isHttps: boolean }) {
  const headers = buildSecurityHeaders({
    inlineScriptHashes: inlineScriptHashes(html),
    inlineStyleHashes: inlineStyleHashes(html),
    isHttps: dev.isHttps,
  });
  const nonce = `'nonce-${dev.nonce}'`;
  const hmr = ['localhost', '127.0.0.1'].map((host) => `ws://${host}:${dev.hmrPort}`).join(' ');
  const policy = headers['content-security-policy']!.replace(/(script-src [^;]*)/, `$1 ${nonce}`)
    .replace(/(style-src [^;]*)/, `$1 ${nonce}`)
    .concat(`; connect-src 'self' ${hmr}`);
  return { ...headers, 'content-security-policy': policy } satisfies HeaderRecord;
}

const htmlFile = (urlPath: string, html: string, headers: HeaderRecord, status: 200 | 404 = 200) =>
  buildStaticFile({ urlPath, content: Buffer.from(html), br: null, gzip: null, status }, headers);

async function loadLandingEntry(vite: ViteDevServer): Promise<LandingEntry> {
  return (await vite.ssrLoadModule(LANDING_ENTRY)) as LandingEntry;
}

/**
 * The pages from the source through Vite in middleware mode: `/` rendered per request from the
 * published content with the components as they are on disk, the studio drawn by the server
 * from src/studio/entry-server.tsx, and every module, stylesheet and image served by Vite with
 * hot replacement. The server itself runs from source under `tsx watch` (package.json `dev`),
 * which restarts it when a server file changes (decision 0120).
 */
async function loadSourceFrontEnd(config: Config): Promise<FrontEnd> {
  const nonce = randomBytes(16).toString('base64');
  const hmrPort = await freePort();
  const dev = { nonce, hmrPort, isHttps: config.isHttps };
  const vite = await createViteServer({
    ...landingConfig,
    // The build bundles React into its server render for an install without devDependencies;
    // from the source, Node imports packages from node_modules as they are.
    ssr: {},
    root: ROOT,
    // Off node_modules, which several checkouts (git worktrees) may share by a link: each
    // checkout's pre-bundled dependencies are its own.
    cacheDir: path.join(
      tmpdir(),
      'ember-and-ink-vite',
      createHash('sha256').update(ROOT).digest('hex').slice(0, 16),
    ),
    configFile: false,
    appType: 'custom',
    html: { cspNonce: nonce },
    server: { middlewareMode: true, ws: { port: hmrPort } },
  });
  const landingOptions: LandingOptions = { isBookingOn: config.booking.isOn };
  const readTemplate = async (): Promise<LandingTemplate> => {
    const html = await vite.transformIndexHtml(
      '/index.html',
      await readFile(path.join(ROOT, 'index.html'), 'utf8'),
    );
    return { ...splitLandingTemplate(html), stylesheetHref: SOURCE_STYLESHEET };
  };
  // The preview and the publish render with the components as they were at the last render of `/`.
  let latest = { entry: await loadLandingEntry(vite), template: await readTemplate() };
  const renderIndex = (content: SiteContent) =>
    fillLandingTemplate(
      latest.template,
      latest.entry.renderLandingHead(content, config.siteOrigin),
      latest.entry.renderLanding(content, landingOptions),
    );

  const studioHtml = await vite.transformIndexHtml(
    STUDIO_HTML_PATH,
    await readFile(path.join(ROOT, 'studio.html'), 'utf8'),
  );
  const studioHeaders = pagePolicy(studioHtml, dev);
  const landingHeaders = pagePolicy(fillLandingTemplate(latest.template, '', ''), dev);
  const site: Site = {
    files: new Map([[STUDIO_HTML_PATH, htmlFile(STUDIO_HTML_PATH, studioHtml, studioHeaders)]]),
    notFound: htmlFile('/404.html', NOT_FOUND, landingHeaders, 404),
    securityHeaders: studioHeaders,
    landingSecurityHeaders: landingHeaders,
    pages: new Map(),
    newsletterWording: latest.entry.newsletterConsentWording,
  };

  /** `/` as the build would prerender it from the published content, under its own policy. */
  const showLanding = async (published: unknown): Promise<void> => {
    latest = {
      entry: await loadLandingEntry(vite),
      template: await readTemplate(),
    };
    const html = renderIndex(SiteContentSchema.parse(published));
    const file = htmlFile('/index.html', html, pagePolicy(html, dev));
    site.files = new Map([...site.files, ['/', file], ['/index.html', file]]);
  };

  return {
    site,
    fromSource: {
      readSeed: async () => {
        const seed = (await vite.ssrLoadModule(SEED_MODULE)) as {
          createSiteContentSeed: () => SiteContent;
        };
        const json = JSON.stringify(seed.createSiteContentSeed());
        return JSON.parse(json.replaceAll(`"${VITE_IMAGE}`, `"${STORED_IMAGE}`)) as SiteContent;
      },
      renderSite: (content, publishedAt) => ({
        indexHtml: renderIndex(content),
        sitemapXml: sitemapXml(config.siteOrigin, publishedAt, latest.entry.INDEXABLE_PATHS),
      }),
      loadStudioRender: async () => {
        const entry = (await vite.ssrLoadModule(STUDIO_ENTRY)) as Parameters<
          typeof isStudioSsrEntry
        >[0];
        if (!isStudioSsrEntry(entry))
          throw new Error(`${STUDIO_ENTRY} does not export the studio's render.`);
        return entry;
      },
      frontDoor: (pipeline, { store, isAppPath }): RequestListener => {
        const answerLanding: RequestListener = (request, response) => {
          store.site
            .readPublished()
            .then(async (document) => showLanding(document?.content))
            .then(
              () => pipeline(request, response),
              (error: unknown) => {
                if (error instanceof Error) vite.ssrFixStacktrace(error);
                response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
                response.end(
                  error instanceof Error ? (error.stack ?? error.message) : String(error),
                );
              },
            );
        };
        return (request, response) => {
          const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
          if (pathname.startsWith(STORED_IMAGE)) {
            request.url = VITE_IMAGE + pathname.slice(STORED_IMAGE.length);
          }
          if (isAppPath(pathname)) pipeline(request, response);
          else if (request.method === 'GET' && (pathname === '/' || pathname === '/index.html'))
            answerLanding(request, response);
          else vite.middlewares(request, response, () => pipeline(request, response));
        };
      },
    },
  };
}

runServer({ ownBuild: path.join(ROOT, 'dist'), loadFrontEnd: loadSourceFrontEnd });
