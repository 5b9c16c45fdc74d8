import type { IncomingMessage } from 'node:http';
import { isbot } from 'isbot';
import { clientIp, type ProxySettings } from '../http/client-ip';
import type { Log } from '../log';
import type { AudienceRepository, NewView } from '../store/audience/audience-repository';
import { deviceOf } from './device-class';
import type { AudienceMeter } from './audience-meter';
import { createBatchQueue } from './batch-queue';
import type { DaySalts } from './day-salts';
import { createValueCap } from './value-cap';
import { arrivalOf, cleanValue } from './visit-source';
import { hashVisitor, utcDay } from './visitor-hash';

/** Every 404 is one page: a scan of a million made-up paths is one row of the roll-ups. */
export const NOT_FOUND_PATH = 'not-found';

/** Views waiting for their batch past this many are dropped (and counted as dropped). */
const MAX_BACKLOG = 20_000;

/** What the request path copies, and nothing more: the rest happens off it. */
type SeenRequest = {
  at: number;
  target: string;
  status: number;
  userAgent: string | undefined;
  referer: string | undefined;
  isPrivate: boolean;
  socketAddress: string | undefined;
  forwardedFor: string | undefined;
  revision: string | null;
};

/** Paths that are never a view of a public page. */
const NOT_PAGES = ['/studio', '/api/', '/media/', '/assets/'];

function isPrefetch(request: IncomingMessage): boolean {
  const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
  return typeof purpose === 'string' && purpose.includes('prefetch');
}

export type ViewCounter = {
  /**
   * Called once a page has been answered. A few property reads and an array push: the parsing,
   * hashing and writing happen in a batch a moment later (batch-queue.ts).
   */
  see: (request: IncomingMessage, status: number) => void;
  /** Writes what is pending now and resolves when it is written. */
  flush: () => Promise<void>;
};

export function createViewCounter(options: {
  audience: Pick<AudienceRepository, 'recordViews'>;
  salts: DaySalts;
  proxies: ProxySettings;
  /** This site's host name: a referrer from it is a click between its pages, not an arrival. */
  ownHost: string;
  servedRevision: () => string | null;
  meter: AudienceMeter;
  log: Log;
  now: () => number;
}): ViewCounter {
  const { meter, now } = options;
  const cap = createValueCap();

  const toView = async (seen: SeenRequest): Promise<NewView> => {
    const day = utcDay(seen.at);
    const userAgent = seen.userAgent ?? '';
    const query = seen.target.indexOf('?');
    const path = query === -1 ? seen.target : seen.target.slice(0, query);
    const arrival = seen.isPrivate
      ? { source: null, medium: null, campaign: null }
      : arrivalOf(query === -1 ? '' : seen.target.slice(query), seen.referer, options.ownHost);
    const address = clientIp(
      seen.socketAddress ?? 'unknown',
      seen.forwardedFor ?? null,
      options.proxies,
    );
    return {
      day,
      at: new Date(seen.at),
      visitor: seen.isPrivate
        ? null
        : hashVisitor(await options.salts.read(day), address, userAgent),
      path:
        cap(day, 'path', seen.status === 404 ? NOT_FOUND_PATH : (cleanValue(path) ?? '/')) ?? '/',
      source: cap(day, 'source', arrival.source),
      medium: cap(day, 'medium', arrival.medium),
      campaign: cap(day, 'campaign', arrival.campaign),
      device: deviceOf(userAgent),
      revision: seen.revision,
    };
  };

  const write = async (batch: SeenRequest[]): Promise<void> => {
    const filtered = new Map<string, number>();
    const views: NewView[] = [];
    try {
      for (const seen of batch) {
        // No user agent at all is a script, not a browser.
        if (seen.userAgent === undefined || isbot(seen.userAgent)) {
          const day = utcDay(seen.at);
          filtered.set(day, (filtered.get(day) ?? 0) + 1);
        } else {
          views.push(await toView(seen));
        }
      }
      await options.audience.recordViews(views, filtered);
      meter.taken('view', views.length);
      meter.taken('filtered', batch.length - views.length);
    } catch (error) {
      meter.dropped('store', batch.length);
      options.log('warn', 'audience views not recorded', {
        views: batch.length,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const queue = createBatchQueue({ write, maxBacklog: MAX_BACKLOG });

  return {
    see(request, status) {
      if (request.method !== 'GET' || (status !== 200 && status !== 304 && status !== 404)) return;
      const target = request.url ?? '';
      if (NOT_PAGES.some((prefix) => target.startsWith(prefix)) || isPrefetch(request)) return;
      const { headers } = request;
      const seen: SeenRequest = {
        at: now(),
        target,
        status,
        userAgent: headers['user-agent'],
        referer: headers.referer,
        isPrivate: headers['sec-gpc'] === '1',
        socketAddress: request.socket.remoteAddress,
        forwardedFor: String(headers['x-forwarded-for'] ?? '') || undefined,
        revision: options.servedRevision(),
      };
      if (!queue.add([seen])) meter.dropped('backlog', 1);
    },
    flush: queue.flush,
  };
}
