import type { IncomingMessage } from 'node:http';
import { clientIp, type ProxySettings } from '../http/client-ip';
import { limitSubjectOf } from '../http/ip-address';
import type { Log } from '../log';
import type { AudienceRepository, NewView } from '../store/audience/audience-repository';
import type { AudienceMeter } from './audience-meter';
import { createBatchQueue, inSlices } from './batch-queue';
import { createClientMinuteBound } from './client-minute-bound';
import type { DaySalts } from './day-salts';
import { createPrivateVisits, type PrivateVisit } from './private-visits';
import type { UserAgentFacts } from './user-agent-facts';
import { createPageReader, type ViewPage } from './view-page';
import { createUtcDays, hashVisitor } from './visitor-hash';

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
 * Views that make the very same row: same day, served revision, sender (address and user
 * agent, or a private browser of the minute), page and arrival. The raw query and referrer are
 * not part of it: a new one on every request joins the rest like any reload.
 */
function sameViewKey(day: string, revision: string | null, sender: string, page: ViewPage) {
  return JSON.stringify([
    day,
    revision,
    sender,
    page.path,
    page.source,
    page.medium,
    page.campaign,
  ]);
}

export function createViewCounter(options: ViewCounterOptions): ViewCounter {
  const { meter, now } = options;
  const dayOf = createUtcDays();
  const pageOf = createPageReader(options.ownHost);
  const isWithinBound = createClientMinuteBound();
  const privateVisitOf = createPrivateVisits();

  const toView = async (
    seen: SeenRequest,
    day: string,
    address: string,
    page: ViewPage,
    facts: UserAgentFacts,
    privately: PrivateVisit | null,
  ): Promise<NewView> => {
    // A view whose day ended before its batch was written has no salt left: it is counted,
    // as a visit of its own like a private one (decision 0060).
    const salt = seen.isPrivate ? null : await options.salts.read(day);
    return {
      day,
      at: new Date(seen.at),
      visitor: salt === null ? null : hashVisitor(salt, address, seen.userAgent ?? ''),
      ...page,
      device: facts.device,
      revision: seen.revision,
      views: 1,
      visits: privately?.isNewVisit === false ? 0 : 1,
    };
  };

  /**
   * The batch as rows, bots only counted per day, and so are the views of a client past its
   * bound for the minute (client-minute-bound.ts). A sender's identical views of one batch (a
   * reload, a client flooding the page) are one row that counts them: its first moment is
   * kept, which is all the reports and the attribution read. A browser under Global Privacy
   * Control is joined by a key of the minute that nothing keeps (private-visits.ts): its first
   * row of the minute begins a visit, the rest add views only.
   */
  const toRows = async (batch: readonly SeenRequest[]) => {
    const filtered = new Map<string, number>();
    let bots = 0;
    let flooded = 0;
    const rows: NewView[] = [];
    const repeated = new Map<string, NewView>();
    const setAside = (day: string) => filtered.set(day, (filtered.get(day) ?? 0) + 1);
    await inSlices(batch, async (slice) => {
      for (const seen of slice) {
        const day = dayOf(seen.at);
        const facts = options.userAgentFacts(seen.userAgent);
        if (facts.isBot) {
          bots += 1;
          setAside(day);
          continue;
        }
        const address = clientIp(
          seen.socketAddress ?? 'unknown',
          seen.forwardedFor ?? null,
          options.proxies,
        );
        if (!isWithinBound(limitSubjectOf(address), seen.at)) {
          flooded += 1;
          setAside(day);
          continue;
        }
        const userAgent = seen.userAgent ?? '';
        const privately = seen.isPrivate ? privateVisitOf(address, userAgent, seen.at) : null;
        const page = pageOf(day, seen);
        const sender = privately?.browser ?? `${address}\n${userAgent}`;
        const key = sameViewKey(day, seen.revision, sender, page);
        const earlier = repeated.get(key);
        if (earlier === undefined) {
          const view = await toView(seen, day, address, page, facts, privately);
          repeated.set(key, view);
          rows.push(view);
        } else {
          earlier.views += 1;
        }
      }
    });
    // Past its client's bound a view is not counted as one; the day's filtered count keeps it.
    if (flooded > 0) meter.dropped('flood', flooded);
    return { rows, filtered, bots };
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
    // The filtered counts go with the first slice of rows, or alone when there are none. Of
    // them, the bots' views are taken as filtered; views past a bound were metered as dropped.
    let { filtered, bots } = prepared;
    const writeSlice = async (rows: NewView[]): Promise<void> => {
      const withSlice = { filtered, bots };
      filtered = new Map();
      bots = 0;
      const views = rows.reduce((sum, row) => sum + row.views, 0);
      try {
        await options.audience.recordViews(rows, withSlice.filtered);
        meter.taken('view', views);
        meter.taken('filtered', withSlice.bots);
      } catch (error) {
        reportLoss(views + withSlice.bots, error);
      }
    };
    await inSlices(prepared.rows, writeSlice);
    if (filtered.size > 0) await writeSlice([]);
  };

  const queue = createBatchQueue({ write, maxBacklog: MAX_BACKLOG });

  return {
    see(request, status) {
      if (request.method !== 'GET' || (status !== 200 && status !== 304 && status !== 404)) return;
      const target = request.url ?? '';
      if (NOT_PAGES.some((prefix) => target.startsWith(prefix))) return;
      if (isPrefetch(request)) {
        meter.dropped('prefetch', 1);
        return;
      }
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
