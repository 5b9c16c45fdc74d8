import path from 'node:path';
import { SiteContentSchema } from '../../common/site-content';
import type { Log } from '../log';
import type { HeaderRecord } from '../security-headers';
import { buildStaticFile } from '../static/build-static-file';
import { compressBestInBackground } from '../static/compression';
import type { Site, StaticFile } from '../static/site';
import type { SiteContentRepository, SiteDocument } from '../store/site/site-content-repository';
import { StoreUnavailableError } from '../store/db/store-unavailable-error';
import type { RenderSite } from './render-site';
import { replaceDistFile } from './replace-dist-file';
import { describeSiteProblem, type SiteProblem } from './site-problem';

/** A publish that failed to show is tried again after 1 s, then 2, 4… up to a minute apart. */
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

/** The page the store holds as published, made the one this instance serves. */
export type LiveSite = {
  /**
   * Serves the store's published document if it is not the one served already, and resolves
   * once it is: the next request gets it. Calls run one at a time, each reading the store
   * afresh, so the last to finish always serves the latest publish. A document that cannot be
   * rendered (a rule of this release rejects it, the render or compression throws) never
   * rejects the call: the page served stays, the problem is recorded and logged, and the
   * revision is tried again later with growing pauses. Only an unreachable store rejects.
   */
  showPublished(): Promise<void>;
  /** The revision served; null while the build's own page is. */
  servedRevision(): string | null;
  /** Why the published revision is not the one served; null when it is. */
  problem(): SiteProblem | null;
  /** Cancels a pending retry; the store is about to close. */
  stop(): void;
};

/** One file of the build that depends on the document, ready to serve and to write. */
type RenderedFile = {
  name: string;
  file: StaticFile;
  bytes: Record<'' | '.br' | '.gz', Buffer | null>;
};

export function createLiveSite(options: {
  site: Site;
  /** Where the page is also written for nginx or a CDN; null writes nothing (`npm run dev`). */
  distDir: string | null;
  renderSite: RenderSite;
  published: Pick<SiteContentRepository, 'readPublished' | 'readPublishedRevision'>;
  log: Log;
}): LiveSite {
  const { site, published, log } = options;
  const clientDir = options.distDir === null ? null : path.join(options.distDir, 'client');
  let served: string | null = null;
  let problem: SiteProblem | null = null;
  let failures = 0;
  let retryAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let isStopped = false;

  /** Compressed and given its headers exactly as loadSite does for a file of the build. */
  const prepare = async (
    name: string,
    text: string,
    securityHeaders: HeaderRecord,
  ): Promise<RenderedFile> => {
    const content = Buffer.from(text);
    const { br, gzip } = await compressBestInBackground(content);
    const file = buildStaticFile(
      { urlPath: `/${name}`, content, br, gzip, status: 200 },
      securityHeaders,
    );
    return { name, file, bytes: { '': content, '.br': br, '.gz': gzip } };
  };

  /** nginx or a CDN serving dist/client sees the same page; each file is replaced whole. */
  const writeToDist = async (files: RenderedFile[]): Promise<void> => {
    if (clientDir === null) return;
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
    // The rules a publish meets today: a row stored under older ones is not rendered half-valid.
    const content = SiteContentSchema.parse(document.content);
    const rendered = options.renderSite(content, document.updatedAt);
    const [index, sitemap] = await Promise.all([
      prepare('index.html', rendered.indexHtml, site.landingSecurityHeaders),
      prepare('sitemap.xml', rendered.sitemapXml, site.securityHeaders),
    ]);
    // One assignment: a request looks the map up once, so it gets the old page or the new one.
    site.files = new Map([
      ...site.files,
      ['/', index.file],
      ['/index.html', index.file],
      ['/sitemap.xml', sitemap.file],
    ]);
    served = document.revision;
    if (problem !== null) {
      log('info', 'the published page is shown after all', { revision: document.revision });
    }
    problem = null;
    failures = 0;
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

  const recordFailure = (revision: string, error: unknown): void => {
    const described = describeSiteProblem(error);
    const isNew = problem?.revision !== revision || problem.message !== described.message;
    failures = problem?.revision === revision ? failures + 1 : 1;
    problem = {
      revision,
      ...described,
      since: isNew ? new Date() : (problem?.since ?? new Date()),
    };
    const delay = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), LAST_RETRY_MS);
    retryAt = Date.now() + delay;
    // Once per revision and reason, not once per retry.
    if (isNew) {
      log('error', 'the published page cannot be shown; the previous page stays', {
        revision,
        field: described.field ?? undefined,
        error: described.message,
      });
    }
    clearTimeout(retryTimer);
    if (isStopped) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryAt = 0;
      liveSite.showPublished().catch(() => undefined);
    }, delay);
    retryTimer.unref();
  };

  const refresh = async (): Promise<void> => {
    const revision = await published.readPublishedRevision();
    if (revision === null || revision === served) return;
    // A revision that failed waits for its retry; the reconcile timer asks far more often.
    if (problem?.revision === revision && Date.now() < retryAt) return;
    let document: SiteDocument | null = null;
    try {
      document = await published.readPublished();
      if (document !== null) await show(document);
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw error;
      recordFailure(document?.revision ?? revision, error);
    }
  };

  let waiting: Promise<void> | null = null;
  let previous: Promise<void> = Promise.resolve();
  const liveSite: LiveSite = {
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
    problem: () => problem,
    stop() {
      isStopped = true;
      clearTimeout(retryTimer);
    },
  };
  return liveSite;
}
