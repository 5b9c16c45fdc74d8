import path from 'node:path';
import type { Log } from '../log';
import { buildStaticFile } from '../static/build-static-file';
import { compressBestInBackground } from '../static/compression';
import type { Site, StaticFile } from '../static/site';
import type { SiteContentRepository, SiteDocument } from '../store/site/site-content-repository';
import type { RenderSite } from './render-site';
import { replaceDistFile } from './replace-dist-file';

/** The page the store holds as published, made the one this instance serves. */
export type LiveSite = {
  /**
   * Serves the store's published document if it is not the one served already, and resolves
   * once it is: the next request gets it. Calls run one at a time, each reading the store
   * afresh, so the last to finish always serves the latest publish.
   */
  showPublished(): Promise<void>;
  /** The revision served; null while the build's own page is. */
  servedRevision(): string | null;
};

/** One file of the build that depends on the document, ready to serve and to write. */
type RenderedFile = {
  name: string;
  file: StaticFile;
  bytes: Record<'' | '.br' | '.gz', Buffer | null>;
};

export function createLiveSite(options: {
  site: Site;
  distDir: string;
  renderSite: RenderSite;
  published: Pick<SiteContentRepository, 'readPublished' | 'readPublishedRevision'>;
  log: Log;
}): LiveSite {
  const { site, published, log } = options;
  const clientDir = path.join(options.distDir, 'client');
  let served: string | null = null;

  /** Compressed and given its headers exactly as loadSite does for a file of the build. */
  const prepare = async (name: string, text: string): Promise<RenderedFile> => {
    const content = Buffer.from(text);
    const { br, gzip } = await compressBestInBackground(content);
    const file = buildStaticFile(
      { urlPath: `/${name}`, content, br, gzip, status: 200 },
      site.securityHeaders,
    );
    return { name, file, bytes: { '': content, '.br': br, '.gz': gzip } };
  };

  /** nginx or a CDN serving dist/client sees the same page; each file is replaced whole. */
  const writeToDist = async (files: RenderedFile[]): Promise<void> => {
    for (const { name, bytes } of files) {
      // The variants first: a reader that picks index.html.br next to the new index.html never
      // finds the old one there for long, and the plain file, what every reader falls back to,
      // changes last.
      await replaceDistFile(path.join(clientDir, `${name}.br`), bytes['.br']);
      await replaceDistFile(path.join(clientDir, `${name}.gz`), bytes['.gz']);
      await replaceDistFile(path.join(clientDir, name), bytes['']);
    }
  };

  const show = async (document: SiteDocument): Promise<void> => {
    const startedAt = performance.now();
    const rendered = options.renderSite(document.content, document.updatedAt);
    const [index, sitemap] = await Promise.all([
      prepare('index.html', rendered.indexHtml),
      prepare('sitemap.xml', rendered.sitemapXml),
    ]);
    // One assignment: a request looks the map up once, so it gets the old page or the new one.
    site.files = new Map([
      ...site.files,
      ['/', index.file],
      ['/index.html', index.file],
      ['/sitemap.xml', sitemap.file],
    ]);
    served = document.revision;
    try {
      await writeToDist([index, sitemap]);
    } catch (error) {
      // The page is live on this instance; only a server of dist/client would lag behind.
      log('error', 'the published page could not be written to dist/client', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
    log('info', 'published page served', {
      revision: document.revision,
      ms: Math.round(performance.now() - startedAt),
    });
  };

  const refresh = async (): Promise<void> => {
    const revision = await published.readPublishedRevision();
    if (revision === null || revision === served) return;
    const document = await published.readPublished();
    if (document !== null) await show(document);
  };

  let waiting: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();
  return {
    showPublished() {
      // A call that has not started yet will read the store after this one asked: join it.
      if (waiting !== null) return waiting;
      const next = previous.then(() => {
        waiting = null;
        return refresh();
      });
      waiting = next;
      previous = next.catch(() => undefined);
      return next;
    },
    servedRevision: () => served,
  };
}
