import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HeaderRecord } from '../security-headers';
import { leadIdOfStudioAddress } from './lead-view-address';

/** The studio's server render (src/studio/entry-server.tsx), built beside the site. */
export const STUDIO_SSR_ENTRY = path.join('studio-server', 'entry-server.js');

/** The id the app reads the first screen's data from (src/studio/api/first-screen.ts). */
const FIRST_SCREEN_ELEMENT_ID = 'studio-first-screen';
const API = '/api/studio/';

type FirstScreenData = { now: number; answers: Record<string, unknown> };

export type StudioSsrEntry = {
  renderStudioFirstScreen: (pathAndSearch: string, data: FirstScreenData) => string;
  STUDIO_THEME_STARTUP_SCRIPT: string;
  STUDIO_THEME_CONTROL_SCRIPT: string;
};

export function isStudioSsrEntry(entry: Partial<StudioSsrEntry>): entry is StudioSsrEntry {
  return (
    typeof entry.renderStudioFirstScreen === 'function' &&
    typeof entry.STUDIO_THEME_STARTUP_SCRIPT === 'string' &&
    typeof entry.STUDIO_THEME_CONTROL_SCRIPT === 'string'
  );
}

/** Answers a GET of the studio API (a path under /api/studio/) as the person asking it. */
export type AskStudioApi = (apiPath: string) => Response | Promise<Response>;

/** A first screen drawn into the studio's page, and the inline scripts it needs allowed. */
export type DrawnPage = { html: string; scriptHashes: string[] };

export type DrawFirstScreen = (
  url: URL,
  template: string,
  askApi: AskStudioApi,
) => Promise<DrawnPage | null>;

/**
 * The API requests a first screen is drawn from, the first who is here and the second what
 * the screen shows (both must answer), or null for an address the server does not draw: only
 * the inbox as it opens (`/studio`) and a lead's page (`/studio?view=lead&id=…`), the
 * addresses people arrive at, with the URLs the app asks them on (first-requests.ts).
 */
export function firstScreenRequests(url: URL): string[] | null {
  if (url.pathname.replace(/\/$/, '') !== '/studio') return null;
  const params = [...url.searchParams.keys()];
  // Drawn too, so that nothing the first screen shows arrives after its first paint.
  const always = [`${API}settings`, `${API}mailbox`, `${API}staff`];
  if (params.length === 0) return [`${API}me`, `${API}leads`, ...always];
  const id = leadIdOfStudioAddress(url);
  if (id === null) return null;
  const lead = `${API}leads/${encodeURIComponent(id)}`;
  return [`${API}me`, lead, ...always, `${lead}/drafts`];
}

/** JSON in a `<script type="application/json">`: nothing in it may close the element. */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const hashOf = (script: string) =>
  `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;

/** The page's policy with these inline scripts' hashes added to what `script-src` allows. */
export function allowingScripts(headers: HeaderRecord, hashes: readonly string[]): string {
  const policy = headers['content-security-policy'] ?? '';
  const extra = hashes.map((hash) => ` '${hash}'`).join('');
  return policy.replace(/(^|;\s*)(script-src [^;]*)/, `$1$2${extra}`);
}

async function answersFor(urls: string[], askApi: AskStudioApi) {
  // Who is here is asked alone first: a session that is not one costs a single lookup, not one
  // per request the screen would have made.
  const [whoUrl, ...rest] = urls;
  const who = await askApi(whoUrl!);
  if (!who.ok) {
    await who.body?.cancel();
    return null;
  }
  const answers: Record<string, unknown> = { [whoUrl!]: (await who.json()) as unknown };
  const responses = await Promise.all(rest.map(async (url) => askApi(url)));
  for (const [index, response] of responses.entries()) {
    const url = rest[index]!;
    // What the screen shows must answer too; anything else the app asks again.
    if (!response.ok) {
      if (index === 0) return null;
      await response.body?.cancel();
      continue;
    }
    answers[url] = await response.json();
  }
  return answers;
}

/** The studio's server render, or null where there is none to draw with. */
export type LoadStudioRender = () => Promise<StudioSsrEntry | null>;

/** The build's studio render (dist/studio-server/entry-server.js), loaded once; null if not built. */
export function loadBuiltStudioRender(distDir: string): LoadStudioRender {
  let entry: Promise<StudioSsrEntry | null> | null = null;
  const load = async (): Promise<StudioSsrEntry | null> => {
    const file = path.join(distDir, STUDIO_SSR_ENTRY);
    const exists = await access(file).then(
      () => true,
      () => false,
    );
    if (!exists) return null;
    const loaded = (await import(pathToFileURL(file).href)) as Partial<StudioSsrEntry>;
    if (!isStudioSsrEntry(loaded)) throw new Error(`${file} does not export the studio's render.`);
    return loaded;
  };
  return () => (entry ??= load());
}

/**
 * Draws the signed-in person's first screen into the studio's HTML with the app's own
 * components, from the studio API's answers to the person's own requests (so a lead they may
 * not see, or one that does not exist, is not drawn), and puts those answers beside it for
 * the app to hydrate with (decision 0100). Null, and the page as it is, when the address is
 * not one the server draws, an answer is refused, or there is no studio render to draw with.
 */
export function createFirstScreenDrawer(
  loadRender: LoadStudioRender,
  now: () => number,
): DrawFirstScreen {
  return async (url, template, askApi) => {
    const urls = firstScreenRequests(url);
    if (urls === null) return null;
    const render = await loadRender();
    if (render === null) return null;
    const answers = await answersFor(urls, askApi);
    if (answers === null) return null;
    const data: FirstScreenData = { now: now(), answers };
    const screen = render.renderStudioFirstScreen(`${url.pathname}${url.search}`, data);
    const theme = render.STUDIO_THEME_STARTUP_SCRIPT;
    const control = render.STUDIO_THEME_CONTROL_SCRIPT;
    const app = APP_SCRIPT.exec(template);
    const preloads = [...template.matchAll(APP_PRELOAD)].map(([, href]) => href!);
    const appLoader = app === null ? null : loadAfterFirstPaint(app[1]!, preloads);
    const writers = app === null ? undefined : DATE_WRITERS.exec(app[0])?.[1];
    const startWriters = writers === undefined ? null : startDateWriters(writers);
    const html = template
      // The drawn screen paints at once, the theme applied by the inline script before it;
      // the app's script and React's runtime are asked for once the screen is painted, below:
      // a preload left in the head would share the line with the stylesheet before the paint.
      // Where the script stood, the worker that loads the browser's date data is started
      // while the stylesheet is on its way.
      .replace(APP_SCRIPT, () => (startWriters === null ? '' : `<script>${startWriters}</script>`))
      .replace(APP_PRELOAD, (link) => (appLoader === null ? link : ''))
      .replace('</head>', () => `<script>${theme}</script></head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${screen}</div><script>${control}</script>` +
          `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${jsonForScriptElement(data)}</script>` +
          (appLoader === null ? '' : `<script>${appLoader}</script>`),
      );
    const inline = [startWriters, theme, control, appLoader].filter((script) => script !== null);
    return { html, scriptHashes: inline.map(hashOf) };
  };
}

/**
 * A page's first `Intl` formatter loads the browser's date and number data: 15–25 ms of one task
 * on a desktop's Chromium, several times that on a phone. Loaded by a worker (decision 0126),
 * the data is there for the app's first date at no cost to the main thread.
 */
function startDateWriters(workerSrc: string): string {
  return `try{new Worker(${JSON.stringify(workerSrc)})}catch(e){}`;
}

/** The date writers' worker, named on the app's script tag by the build (vite.studio.config.ts). */
const DATE_WRITERS = /\sdata-date-writers="([^"]+)"/;

/** The built page's one module script, the studio app (vite.studio.config.ts). */
const APP_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/;

/** The build's preloads of what the app imports: React's runtime, one chunk every screen shares. */
const APP_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * Asks for the app's script once the drawn screen is on the screen: on a phone its bytes would
 * otherwise share the line with the page's stylesheet before the first paint, which does not
 * need them. "Painted" is the browser's own first-contentful-paint entry, which arrives once the
 * frame is presented; a frame's callbacks run before it is, and a request made there still
 * competes with the paint. Where paint entries are not reported, the frame after the first.
 * Placed after the drawing and its data, so the app finds the whole page to hydrate.
 */
function loadAfterFirstPaint(src: string, preloads: readonly string[]): string {
  // React's runtime is asked for beside the app, not after it: the app imports it.
  const preload = preloads
    .map(
      (href) =>
        `var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(href)};document.head.appendChild(l);`,
    )
    .join('');
  const load = `${preload}var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};document.head.appendChild(s)`;
  return (
    `(function(){var done=false;function go(){if(done)return;done=true;${load}}` +
    `var P=window.PerformanceObserver;` +
    `if(!P||(P.supportedEntryTypes||[]).indexOf('paint')==-1){requestAnimationFrame(function(){setTimeout(go)});return}` +
    `new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})})()`
  );
}
