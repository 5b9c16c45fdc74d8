import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inlineStylesheet, inlineSvgFavicon, loadEntryAfterFirstPaint } from './critical-path';
import { inlineScriptHashes, inlineStyleHashes } from './csp';

const CSS = 'body{color:#222}@font-face{src:url(/assets/font-1a2b.woff2)}';
const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <script>document.documentElement.className='js'</script>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-XyZ789.css">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <div id="root"><h1>Ember &amp; Ink</h1></div>
  </body>
</html>`;

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><style>#a{fill:#fb8a4c}</style><rect id="a" width="50%" height="32"/></svg>\n';

const sha256 = (body: string) => `sha256-${createHash('sha256').update(body).digest('base64')}`;

describe('critical path of the prerendered page', () => {
  let client: string;
  beforeEach(async () => {
    client = await mkdtemp(join(tmpdir(), 'critical-path-'));
    await mkdir(join(client, 'assets'));
    await writeFile(join(client, 'assets', 'index-XyZ789.css'), `${CSS}\n`);
    await writeFile(join(client, 'favicon.svg'), FAVICON);
  });
  afterEach(() => rm(client, { recursive: true, force: true }));

  it('puts the SVG favicon into the page, so the browser makes no request for it', async () => {
    const html = await inlineSvgFavicon(BUILT, client);
    const href = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml" \/>/.exec(html)?.[1] ?? '';
    expect(href).toMatch(/^data:image\/svg\+xml,/);
    // Nothing a URL in a double-quoted attribute may not hold (escapes start with %).
    expect(href).not.toMatch(/[\s"<>#{}]/);
    expect(decodeURIComponent(href.slice('data:image/svg+xml,'.length))).toBe(
      FAVICON.trim().replaceAll('"', "'"),
    );
    await expect(inlineSvgFavicon('<head></head>', client)).rejects.toThrow(/found 0/);
  });

  it('puts the stylesheet into the page, so the first paint needs no second request', async () => {
    const { html, href } = await inlineStylesheet(BUILT, client);
    expect(html).not.toContain('<link rel="stylesheet"');
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(inlineStyleHashes(html)).toEqual([sha256(CSS)]);
    expect(href).toBe('/assets/index-XyZ789.css');
  });

  it('inlines only what the selection keeps, and names the file for the rest', async () => {
    const { html, href } = await inlineStylesheet(BUILT, client, () => 'b{}');
    expect(html).toContain('<style>b{}</style>');
    expect(href).toBe('/assets/index-XyZ789.css');
  });

  it('refuses a stylesheet that would close the style element early', async () => {
    await writeFile(join(client, 'assets', 'index-XyZ789.css'), 'a{}</style><script>x()</script>');
    await expect(inlineStylesheet(BUILT, client)).rejects.toThrow(/<\/style/);
  });

  it('fails loudly when the build has no stylesheet link or more than one', async () => {
    await expect(inlineStylesheet(BUILT.replace(/<link[^>]*>/, ''), client)).rejects.toThrow(
      /one stylesheet link.*found 0/,
    );
    const twice = BUILT.replace(/(<link[^>]*>)/, '$1$1');
    await expect(inlineStylesheet(twice, client)).rejects.toThrow(/found 2/);
  });

  it('loads the entry script only after the first paint, from an inline script the CSP allows', () => {
    const html = loadEntryAfterFirstPaint(BUILT);
    expect(html).not.toMatch(/<script type="module"/);
    const loader = /<script>(\(function\(\)\{[\s\S]*?)<\/script>\s*<\/body>/.exec(html)?.[1];
    expect(loader).toContain('import("/assets/index-AbC123.js")');
    expect(loader).toContain("'first-contentful-paint'");
    // Taps on islands before the loader runs are held for it (src/islands/loader.ts).
    expect(loader).toContain('__islandEvents');
    expect(inlineScriptHashes(html)).toContain(sha256(loader ?? ''));
  });

  it('fails loudly when the build has no entry script', () => {
    expect(() =>
      loadEntryAfterFirstPaint(BUILT.replace(/<script type="module".*<\/script>/, '')),
    ).toThrow(/one entry module script.*found 0/);
  });
});
