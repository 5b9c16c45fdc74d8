import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderFixtureSite } from '../../tests/server/helpers/fixture-render';
import { writeFixtureSite } from '../../tests/server/helpers/fixture-site';
import type { LogLevel } from '../log';
import { loadSite } from '../static/load-site';
import type { Site } from '../static/site';
import type { SiteContent } from '../../common/site-content';
import type { SiteDocument } from '../store/site/site-content-repository';
import { createLiveSite } from './live-site';
import { readSiteContentSeed } from './site-content-seed-file';

/** The store's published row, as a test moves it: a publish is a new revision. */
function createPublished(seed: SiteContent) {
  let document: SiteDocument = {
    content: seed,
    revision: 'r0',
    updatedAt: new Date('2026-03-01T10:00:00Z'),
    updatedBy: null,
  };
  return {
    publish(quote: string, revision: string) {
      const content = structuredClone(document.content);
      content.testimonials.items[0]!.quote = quote;
      document = { ...document, content, revision };
    },
    readPublished: () => Promise.resolve(document),
    readPublishedRevision: () => Promise.resolve(document.revision),
  };
}

const bodyOf = (site: Site, urlPath: string) =>
  Buffer.from(site.files.get(urlPath)?.identity.body ?? []).toString();

describe('the live page', () => {
  let root: string;
  let distDir: string;
  let site: Site;
  let seed: SiteContent;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'live-site-'));
    distDir = await writeFixtureSite(root);
    site = await loadSite(distDir, { isHttps: false });
    seed = await readSiteContentSeed(distDir);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('renders a revision once however many ask at once, and the last call serves the latest', async () => {
    const published = createPublished(seed);
    let renders = 0;
    const live = createLiveSite({
      site,
      distDir,
      published,
      log: () => undefined,
      renderSite: (content, at) => {
        renders += 1;
        return renderFixtureSite(content, at);
      },
    });
    await Promise.all([live.showPublished(), live.showPublished(), live.showPublished()]);
    expect(renders).toBe(1);
    expect(live.servedRevision()).toBe('r0');

    published.publish('First change', 'r1');
    const first = live.showPublished();
    published.publish('Second change', 'r2');
    await Promise.all([first, live.showPublished()]);
    expect(live.servedRevision()).toBe('r2');
    expect(bodyOf(site, '/')).toContain('Second change');
    expect(site.files.get('/index.html')).toBe(site.files.get('/'));
    await live.showPublished();
    // r0, then r2 once: the call made before the second publish had not started, so it was shared.
    expect(renders).toBe(2);
  });

  it('serves the page even when dist/client cannot be written, and says so', async () => {
    const logged: { level: LogLevel; msg: string }[] = [];
    await rm(path.join(distDir, 'client'), { recursive: true });
    const live = createLiveSite({
      site,
      distDir,
      published: createPublished(seed),
      log: (level, msg) => logged.push({ level, msg }),
      renderSite: renderFixtureSite,
    });
    await live.showPublished();
    expect(bodyOf(site, '/')).toContain('<blockquote>');
    expect(logged).toContainEqual({
      level: 'error',
      msg: 'the published page could not be written to dist/client',
    });
  });

  it('leaves no temporary file behind', async () => {
    const live = createLiveSite({
      site,
      distDir,
      published: createPublished(seed),
      log: () => undefined,
      renderSite: renderFixtureSite,
    });
    await live.showPublished();
    const names = await readdir(path.join(distDir, 'client'));
    expect(names).toEqual(expect.arrayContaining(['index.html', 'index.html.br', 'index.html.gz']));
    expect(names.filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('leaves the files alone when a start renders the page they already hold', async () => {
    const start = () =>
      createLiveSite({
        site,
        distDir,
        published: createPublished(seed),
        log: () => undefined,
        renderSite: renderFixtureSite,
      }).showPublished();
    const files = ['index.html', 'index.html.br', 'index.html.gz', 'sitemap.xml'].map((name) =>
      path.join(distDir, 'client', name),
    );
    const identities = async () => Promise.all(files.map(async (file) => (await stat(file)).ino));
    await start();
    const written = await identities();
    await start();
    // A rename would have put a new file (a new inode) in each place.
    expect(await identities()).toEqual(written);
  });
});
