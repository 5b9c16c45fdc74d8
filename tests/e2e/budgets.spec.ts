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
 */
const BUDGETS = { javascript: 80 * KB, css: 15 * KB, html: 25 * KB } as const;

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

  const totals: Record<Kind, number> = {
    javascript: 0,
    css: 0,
    html: 0,
    font: 0,
    image: 0,
    other: 0,
  };
  const rows: string[] = [];
  for (const response of responses) {
    if (response.url().startsWith('data:')) continue;
    const headers = await response.allHeaders();
    const kind = kindOf(headers['content-type'] ?? '');
    const { responseBodySize } = await response.request().sizes();
    totals[kind] += responseBodySize;
    const encoding = headers['content-encoding'] ?? 'identity';
    rows.push(
      `  ${kind.padEnd(10)} ${String(responseBodySize).padStart(7)} B  ${encoding.padEnd(8)} ${new URL(response.url()).pathname}`,
    );
    if (kind === 'javascript' || kind === 'css' || kind === 'html') {
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
  expect(totals.javascript, 'JavaScript ≤ 80 KB').toBeLessThanOrEqual(BUDGETS.javascript);
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
