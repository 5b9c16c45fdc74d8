import { readdir, readFile } from 'node:fs/promises';
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
 * The JavaScript is the island loader and what it prefetches after load for the first tap:
 * 1.1× React's runtime alone (57.7 KB, docs/performance.md).
 */
const BUDGETS = { javascript: 63.5 * KB, css: 15 * KB, html: 25 * KB } as const;
/** Brotli bytes of script that runs before the first scroll or touch: the loader, no React. */
const EXECUTED_JAVASCRIPT_BUDGET = 10 * KB;
/**
 * The Web Vitals reporter (and the endpoint name it shares with the forms) loads once the page
 * has loaded and the browser is idle, after everything measured above: it has its own budget.
 */
const AFTER_IDLE_SCRIPT = /^\/assets\/(report-web-vitals|endpoints)-[\w-]+\.js$/;
const WEB_VITALS_BUDGET = 3.5 * KB;

type Kind = keyof typeof BUDGETS | 'font' | 'image' | 'other';

function kindOf(contentType: string): Kind {
  if (/javascript/.test(contentType)) return 'javascript';
  if (/text\/css/.test(contentType)) return 'css';
  if (/text\/html/.test(contentType)) return 'html';
  if (/font/.test(contentType)) return 'font';
  if (/^image\//.test(contentType)) return 'image';
  return 'other';
}

// Chromium only offers brotli over https; asking for it explicitly measures what real visitors get.
test.use({ extraHTTPHeaders: { 'Accept-Encoding': 'br' } });

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
  // The first tap's modules are prefetched once the page has loaded and the browser is idle.
  await expect(page.locator('link[rel="modulepreload"]')).not.toHaveCount(0);
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
    const isAfterIdle = AFTER_IDLE_SCRIPT.test(new URL(response.url()).pathname);
    const kind = isAfterIdle ? 'other' : kindOf(headers['content-type'] ?? '');
    if (isAfterIdle) afterIdle += responseBodySize;
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
      for (const [, css = ''] of (await response.text()).matchAll(/<style>([\s\S]*?)<\/style>/g)) {
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
  expect(totals.javascript, 'JavaScript ≤ 63.5 KB').toBeLessThanOrEqual(BUDGETS.javascript);
  expect(afterIdle, 'the Web Vitals reporter was loaded').toBeGreaterThan(0);
  expect(afterIdle, 'Web Vitals reporter ≤ 3.5 KB').toBeLessThanOrEqual(WEB_VITALS_BUDGET);
  expect(totals.css, 'CSS ≤ 15 KB').toBeLessThanOrEqual(BUDGETS.css);
  expect(totals.css, 'the stylesheet was measured').toBeGreaterThan(0);
  expect(totals.html, 'HTML ≤ 25 KB').toBeLessThanOrEqual(BUDGETS.html);
});

test('/ requests no byte of the studio inbox, even scrolled to the end', async ({ page }) => {
  const assets = await readdir('dist/client/assets');
  const studioFiles = assets.filter((name) => /^studio-.*\.(js|css)$/.test(name));
  const studioHtml = await readFile('dist/client/studio.html', 'utf8');
  const loadedByStudio = [...studioHtml.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map(
    ([, name]) => name,
  );
  expect(loadedByStudio.length, 'studio.html loads its own script and stylesheet').toBe(2);
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

test('before the first scroll or touch no React runs, and what does run stays within 10 KB', async ({
  page,
}) => {
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  const response = await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('link[rel="modulepreload"]')).not.toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const coverage = await page.coverage.stopJSCoverage();

  // A module that was only prefetched is compiled but never evaluated: its code never counts.
  const ran = coverage.filter((entry) =>
    entry.functions.some((fn) => fn.ranges.some((range) => range.count > 0)),
  );
  const ranFiles = [...new Set(ran.map((entry) => new URL(entry.url).pathname))].filter(
    (path) => path.startsWith('/assets/') && !AFTER_IDLE_SCRIPT.test(path),
  );
  const prefetched = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(prefetched, 'React is prefetched').toContainEqual(
    expect.stringMatching(/hydrate-island-/),
  );
  expect(ranFiles, 'only the island loader runs').toEqual([
    expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
  ]);
  await expect(page.locator('[data-island-state]'), 'no island woke').toHaveCount(0);

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
