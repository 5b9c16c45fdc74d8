import type { IncomingMessage } from 'node:http';
import { clientIp, type ProxySettings } from '../http/client-ip';
import type { Log } from '../log';
import type { AudienceRepository, NewView } from '../store/audience/audience-repository';
import type { AudienceMeter } from './audience-meter';
import { createBatchQueue, inSlices } from './batch-queue';
import type { DaySalts } from './day-salts';
import { createValueCap } from './value-cap';
import { arrivalOf, cleanValue } from './visit-source';
import type { UserAgentFacts } from './user-agent-facts';
import { createUtcDays, hashVisitor } from './visitor-hash';

/** Every 404 is one page: a scan of a million made-up paths is one row of the roll-ups. */
export const NOT_FOUND_PATH = 'not-found';

/**
 * Views waiting for their batch or being written: past this many, new ones are dropped (and
 * counted as dropped).
 */
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

export type ViewCounterOptions = {
  audience: Pick<AudienceRepository, 'recordViews'>;
  salts: DaySalts;
  userAgentFacts: (userAgent: string | undefined) => UserAgentFacts;
  proxies: ProxySettings;
  /** This site's host name: a referrer from it is a click between its pages, not an arrival. */
  ownHost: string;
  servedRevision: () => string | null;
  meter: AudienceMeter;
  log: Log;
  now: () => number;
};

/**
 * Requests that would make the very same row: same day, sender, page, arrival and revision.
 * Header values cannot hold a line break, so the parts cannot run into each other.
 */
function sameViewKey(day: string, seen: SeenRequest): string {
  return [
    day,
    seen.status === 404,
    seen.revision,
    seen.socketAddress,
    seen.forwardedFor,
    seen.userAgent,
    seen.referer,
    seen.target,
  ].join('\n');
}

export function createViewCounter(options: ViewCounterOptions): ViewCounter {
  const { meter, now } = options;
  const cap = createValueCap();
  const dayOf = createUtcDays();

  const toView = async (
    seen: SeenRequest,
    day: string,
    facts: UserAgentFacts,
  ): Promise<NewView> => {
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
    // A view whose day ended before its batch was written has no salt left: it is counted,
    // as a visit of its own like a private one (decision 0060).
    const salt = seen.isPrivate ? null : await options.salts.read(day);
    return {
      day,
      at: new Date(seen.at),
      visitor: salt === null ? null : hashVisitor(salt, address, seen.userAgent ?? ''),
      path:
        cap(day, 'path', seen.status === 404 ? NOT_FOUND_PATH : (cleanValue(path) ?? '/')) ?? '/',
      source: cap(day, 'source', arrival.source),
      medium: cap(day, 'medium', arrival.medium),
      campaign: cap(day, 'campaign', arrival.campaign),
      device: facts.device,
      revision: seen.revision,
      views: 1,
    };
  };

  /**
   * The batch as rows, bots only counted per day. A visitor's identical views of one batch (a
   * reload, a client flooding the page) are one row that counts them: its first moment is
   * kept, which is all the reports and the attribution read. Views under Global Privacy Control
   * have no visitor to join them by: each stays a visit of its own.
   */
  const toRows = async (batch: readonly SeenRequest[]) => {
    const bots = new Map<string, number>();
    const rows: NewView[] = [];
    const repeated = new Map<string, NewView>();
    await inSlices(batch, async (slice) => {
      for (const seen of slice) {
        const day = dayOf(seen.at);
        const facts = options.userAgentFacts(seen.userAgent);
        if (facts.isBot) {
          bots.set(day, (bots.get(day) ?? 0) + 1);
        } else if (seen.isPrivate) {
          rows.push(await toView(seen, day, facts));
        } else {
          const key = sameViewKey(day, seen);
          const earlier = repeated.get(key);
          if (earlier === undefined) {
            const view = await toView(seen, day, facts);
            repeated.set(key, view);
            rows.push(view);
          } else {
            earlier.views += 1;
          }
        }
      }
    });
    return { rows, bots };
  };

  const reportLoss = (views: number, error: unknown): void => {
    meter.dropped('store', views);
    options.log('warn', 'audience views not recorded', {
      views,
      error: error instanceof Error ? error.message : String(error),
    });
  };

  const write = async (batch: SeenRequest[]): Promise<void> => {
    let prepared: Awaited<ReturnType<typeof toRows>>;
    try {
      prepared = await toRows(batch);
    } catch (error) {
      // The day's salt could not be read: nothing of the batch can be written.
      reportLoss(batch.length, error);
      return;
    }
    // The bots' count goes with the first slice of rows, or alone when there are none.
    let bots = prepared.bots;
    const writeSlice = async (rows: NewView[]): Promise<void> => {
      const filtered = bots;
      bots = new Map();
      const views = rows.reduce((sum, row) => sum + row.views, 0);
      const botViews = [...filtered.values()].reduce((sum, count) => sum + count, 0);
      try {
        await options.audience.recordViews(rows, filtered);
        meter.taken('view', views);
        meter.taken('filtered', botViews);
      } catch (error) {
        reportLoss(views + botViews, error);
      }
    };
    await inSlices(prepared.rows, writeSlice);
    if (bots.size > 0) await writeSlice([]);
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
