import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SiteContent } from '../../../common/site-content';
import { studioFetch, type StudioTarget } from './studio-session';

type Draft = { content: SiteContent; revision: string };

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
  }
  return response;
}

/** Changes the draft as the editor does: read it, edit it, save it at its revision. */
export async function saveDraftEdit(
  target: Pick<StudioTarget, 'url' | 'siteOrigin'>,
  cookie: string,
  edit: (content: SiteContent) => void,
): Promise<Draft> {
  const read = await studioFetch(target, '/site/draft', { cookie });
  const draft = (await (await expectStatus(read, 200, 'GET site/draft')).json()) as Draft;
  const content = structuredClone(draft.content);
  edit(content);
  const saved = await studioFetch(target, '/site/draft', {
    method: 'PUT',
    cookie,
    body: { content },
    headers: { 'if-match': `"${draft.revision}"` },
  });
  return (await (await expectStatus(saved, 200, 'PUT site/draft')).json()) as Draft;
}

/** Saves an edit to the draft and publishes it; returns the published revision. */
export async function publishEdit(
  target: Pick<StudioTarget, 'url' | 'siteOrigin'>,
  cookie: string,
  edit: (content: SiteContent) => void,
): Promise<{ revision: string; publishedAt: string }> {
  const saved = await saveDraftEdit(target, cookie, edit);
  const published = await studioFetch(target, '/site/publish', {
    method: 'POST',
    cookie,
    headers: { 'if-match': `"${saved.revision}"` },
  });
  return (await (await expectStatus(published, 200, 'POST site/publish')).json()) as {
    revision: string;
    publishedAt: string;
  };
}

/** GET / as a visitor's browser without compression would, as text. */
export async function readPage(url: string, pathname = '/'): Promise<string> {
  const response = await fetch(`${url}${pathname}`, { headers: { 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status}`);
  return response.text();
}

/**
 * How long a page may take to change before a test says it never did: a last resort, far above
 * the second or two it takes, so that only a fault and never a busy machine fails a test.
 */
const PAGE_CHANGE_LAST_RESORT_MS = 30_000;

/** Polls / until it shows `text`. */
export async function waitForPageWith(url: string, text: string): Promise<void> {
  const deadline = Date.now() + PAGE_CHANGE_LAST_RESORT_MS;
  while (Date.now() < deadline) {
    if ((await readPage(url)).includes(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    `${url}/ did not show ${JSON.stringify(text)} within ${PAGE_CHANGE_LAST_RESORT_MS} ms`,
  );
}

/** The files of the build that depend on the document, as they are on disk now. */
export async function readDistPage(distDir: string): Promise<{
  files: string[];
  indexHtml: string;
  indexBr: Buffer;
  indexGz: Buffer;
  sitemapXml: string;
}> {
  const client = path.join(distDir, 'client');
  return {
    files: await readdir(client),
    indexHtml: await readFile(path.join(client, 'index.html'), 'utf8'),
    indexBr: await readFile(path.join(client, 'index.html.br')),
    indexGz: await readFile(path.join(client, 'index.html.gz')),
    sitemapXml: await readFile(path.join(client, 'sitemap.xml'), 'utf8'),
  };
}
