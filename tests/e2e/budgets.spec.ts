import { readdir, readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { CHALLENGE_ENDPOINT } from '../../common/challenge';
import { contactForm } from './support/contact-form';
import { waitForHydration } from './support/hydration';
import { E2E_ORIGIN } from './support/server-origin';

const KB = 1024;
/**
 * Brotli bytes on the wire for the first view of `/`, before any interaction. The stylesheet is
 * inlined into the HTML, so it counts twice: on its own (compressed alone) and inside the HTML.
 */
const BUDGETS = { css: 15 * KB, html: 25 * KB } as const;
/**
 * Every byte of JavaScript a phone fetches for `/` without a touch: the island loader, the
 * header's plain controls, and the Web Vitals reporter (with the endpoint name it shares with
 * the forms), which loads once the page has loaded and the browser is idle. React is fetched
 * only when a section with a React island comes near the screen.
 */
const JAVASCRIPT_BUDGET = 8 * KB;
/** Brotli bytes of script that runs before the first scroll or touch: the loader, no React. */
const EXECUTED_JAVASCRIPT_BUDGET = 10 * KB;
const AFTER_IDLE_SCRIPT = /^\/assets\/(report-web-vitals|endpoints)-[\w-]+\.js$/;
/**
 * The response to `/`, headers and brotli body. A new connection's first congestion window is
 * 10 × 1,460 = 14,600 bytes: a response that fits is on screen after one round trip, one that
 * does not waits for another (decisions 0066, 0082).
 */
const FIRST_WINDOW = 14_600;
const FIRST_RESPONSE_BUDGET = FIRST_WINDOW;

type Kind = keyof typeof BUDGETS | 'javascript' | 'font' | 'image' | 'other';

function kindOf(contentType: string): Kind {
  if (/javascript/.test(contentType)) return 'javascript';
  if (/text\/css/.test(contentType)) return 'css';
  if (/text\/html/.test(contentType)) return 'html';
  if (/font/.test(contentType)) return 'font';
  if (/^image\//.test(contentType)) return 'image';
  return 'other';
}

/** The phone the JavaScript budgets are measured on (the `phone` project's device). */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;

// Chromium only offers brotli over https; asking for it explicitly measures what real visitors get.
test.use({ extraHTTPHeaders: { 'Accept-Encoding': 'br' } });

/** The bytes a new connection carries for `/`: the status line and headers as sent, then the body. */
function firstResponseOf(path: string): Promise<{ headerBytes: number; bodyBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${E2E_ORIGIN}${path}`, { headers: { 'accept-encoding': 'br' } });
    request.on('error', reject);
    request.on('response', (response) => {
      const lines = [
        `HTTP/${response.httpVersion} ${response.statusCode} ${response.statusMessage}`,
      ];
      for (let index = 0; index < response.rawHeaders.length; index += 2) {
        lines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
      }
      const headerBytes = Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`);
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => (bodyBytes += chunk.byteLength));
      response.on('end', () => resolve({ headerBytes, bodyBytes }));
    });
    request.end();
  });
}

test('the response to / stays within its budget, headers included', async () => {
  const { headerBytes, bodyBytes } = await firstResponseOf('/');
  const total = headerBytes + bodyBytes;
  console.log(
    `/ on a new connection: ${headerBytes} B of headers + ${bodyBytes} B of brotli = ${total} B ` +
      `(the first window holds ${FIRST_WINDOW} B)`,
  );
  expect(bodyBytes, 'the body was read compressed').toBe(
    (await readFile('dist/client/index.html.br')).byteLength,
  );
  expect(total, `headers + body ≤ ${FIRST_RESPONSE_BUDGET} B`).toBeLessThanOrEqual(
    FIRST_RESPONSE_BUDGET,
  );
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the first view of / stays within its JavaScript, CSS and HTML byte budgets', async ({
    page,
  }) => {
    const responses: Response[] = [];
    const foreign: string[] = [];
    page.on('response', (response) => responses.push(response));
    page.on('request', (request) => {
      if (!request.url().startsWith('data:') && new URL(request.url()).origin !== E2E_ORIGIN) {
        foreign.push(request.url());
      }
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The Web Vitals reporter loads once the page has loaded and the browser is idle: the
    // budget counts it too.
    await expect
      .poll(() =>
        responses.some((response) => AFTER_IDLE_SCRIPT.test(new URL(response.url()).pathname)),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');

    const totals: Record<Kind, number> = {
      javascript: 0,
      css: 0,
      html: 0,
      font: 0,
      image: 0,
      other: 0,
    };
    const rows: string[] = [];
    let afterIdle = 0;
    for (const response of responses) {
      if (response.url().startsWith('data:')) continue;
      const headers = await response.allHeaders();
      const { responseBodySize } = await response.request().sizes();
      const kind = kindOf(headers['content-type'] ?? '');
      if (AFTER_IDLE_SCRIPT.test(new URL(response.url()).pathname)) afterIdle += responseBodySize;
      totals[kind] += responseBodySize;
      const encoding = headers['content-encoding'] ?? 'identity';
      rows.push(
        `  ${kind.padEnd(10)} ${String(responseBodySize).padStart(7)} B  ${encoding.padEnd(8)} ${new URL(response.url()).pathname}`,
      );
      // A file of a few dozen bytes is sent as it is: compressed, it would be larger.
      const isTiny = responseBodySize < 128;
      if ((kind === 'javascript' || kind === 'css' || kind === 'html') && !isTiny) {
        expect(encoding, `${response.url()} is sent brotli-compressed`).toBe('br');
      }
      if (kind === 'html') {
        for (const [, css = ''] of (await response.text()).matchAll(
          /<style>([\s\S]*?)<\/style>/g,
        )) {
          const size = brotliCompressSync(css).byteLength;
          totals.css += size;
          rows.push(`  ${'css'.padEnd(10)} ${String(size).padStart(7)} B  inline   in the HTML`);
        }
      }
    }
    const summary = (Object.keys(totals) as Kind[])
      .map((kind) => `${kind}: ${(totals[kind] / KB).toFixed(1)} KB`)
      .join(', ');
    console.log(`Transfer sizes of / (brotli, no interaction):\n${rows.join('\n')}\n  ${summary}`);

    expect(foreign, 'no request leaves the origin').toEqual([]);
    expect(afterIdle, 'the Web Vitals reporter was loaded and counted').toBeGreaterThan(0);
    expect(totals.javascript, `JavaScript ≤ ${JAVASCRIPT_BUDGET} B`).toBeLessThanOrEqual(
      JAVASCRIPT_BUDGET,
    );
    expect(totals.css, 'CSS ≤ 15 KB').toBeLessThanOrEqual(BUDGETS.css);
    expect(totals.css, 'the stylesheet was measured').toBeGreaterThan(0);
    expect(totals.html, 'HTML ≤ 25 KB').toBeLessThanOrEqual(BUDGETS.html);
  });
});

test('/ requests no byte of the studio inbox, even scrolled to the end', async ({ page }) => {
  const assets = await readdir('dist/client/assets');
  const studioFiles = assets.filter((name) => /^studio-.*\.(js|css)$/.test(name));
  const studioHtml = await readFile('dist/client/studio.html', 'utf8');
  const loadedByStudio = [...studioHtml.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map(
    ([, name]) => name,
  );
  expect(
    loadedByStudio.filter((name) => name?.endsWith('.js')).length,
    'studio.html loads its own script and React’s runtime',
  ).toBe(2);
  expect(
    loadedByStudio.filter((name) => name?.endsWith('.css')),
    'studio.html loads its own stylesheet',
  ).toHaveLength(1);
  expect(studioFiles, 'every file studio.html loads is named studio-*').toEqual(
    expect.arrayContaining(loadedByStudio),
  );

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const preloaded = await page
    .locator('link[rel="modulepreload"], link[rel="preload"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

  const studio = [...requested, ...preloaded].filter((path) =>
    studioFiles.some((name) => path.endsWith(`/${name}`)),
  );
  expect(requested.length, 'the landing page was loaded').toBeGreaterThan(1);
  expect(studio, 'no studio file is requested or preloaded by /').toEqual([]);
});

test('nothing of the spam check loads before a visitor focuses a form', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const isSpamCheck = (path: string) =>
    path === CHALLENGE_ENDPOINT || /\/assets\/solve-(challenge|worker)-/.test(path);
  await page.goto('/', { waitUntil: 'networkidle' });
  await waitForHydration(page);
  expect(requested.filter(isSpamCheck), 'before focus').toEqual([]);

  const challenge = page.waitForRequest((request) => request.url().endsWith(CHALLENGE_ENDPOINT));
  await contactForm(page).getByLabel('Your name').focus();
  await challenge;
  await expect
    .poll(() => requested.filter(isSpamCheck).sort())
    .toEqual([
      CHALLENGE_ENDPOINT,
      expect.stringMatching(/^\/assets\/solve-challenge-/),
      expect.stringMatching(/^\/assets\/solve-worker-/),
    ]);
});

/** The build's own brotli size of a served script (scripts/precompress.ts wrote it). */
async function brotliSizeOf(path: string): Promise<number> {
  return (await readFile(`dist/client${path}.br`)).byteLength;
}

test.describe('on a phone, before a touch', () => {
  test.use(PHONE);

  test('before the first scroll or touch no React is fetched, and what does run stays within 10 KB', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('response', (loaded) => fetched.push(new URL(loaded.url()).pathname));
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    const reporter = page.waitForResponse((loaded) =>
      AFTER_IDLE_SCRIPT.test(new URL(loaded.url()).pathname),
    );
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    await reporter;
    await page.waitForLoadState('networkidle');
    const coverage = await page.coverage.stopJSCoverage();

    expect(
      fetched.filter((path) => /hydrate-island|react|\.island-/.test(path)),
      'no React and no React island is fetched',
    ).toEqual([]);
    const ran = coverage.filter((entry) =>
      entry.functions.some((fn) => fn.ranges.some((range) => range.count > 0)),
    );
    const ranFiles = [...new Set(ran.map((entry) => new URL(entry.url).pathname))].filter((path) =>
      path.startsWith('/assets/'),
    );
    // The Web Vitals reporter runs without a touch too, once the browser is idle: it counts.
    expect(
      ranFiles.sort(),
      'only the island loader, the header controls and the Web Vitals reporter run',
    ).toEqual([
      expect.stringMatching(/^\/assets\/endpoints-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/report-web-vitals-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/site-header-controls-[\w-]+\.js$/),
    ]);
    await expect(page.locator('[data-island="site-header"]')).toHaveAttribute(
      'data-island-state',
      'live',
    );
    await expect(page.locator('[data-island-state]'), 'no other island woke').toHaveCount(1);

    const html = (await response?.text()) ?? '';
    const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      ([, body = '']) => brotliCompressSync(body).byteLength,
    );
    const files = await Promise.all(ranFiles.map(brotliSizeOf));
    const executed = [...inlineScripts, ...files].reduce((sum, size) => sum + size, 0);
    console.log(
      `JavaScript run before any interaction: ${(executed / KB).toFixed(1)} KB brotli (${ranFiles.join(', ')} and ${inlineScripts.length} inline scripts)`,
    );
    expect(executed, 'executed JavaScript ≤ 10 KB').toBeLessThanOrEqual(EXECUTED_JAVASCRIPT_BUDGET);
  });
});
