import type { AudienceBeacon } from '../../common/audience';
import type { Log } from '../log';
import type { AudienceRepository, NewVital } from '../store/audience/audience-repository';
import type { AudienceMeter } from './audience-meter';
import { createBatchQueue, inSlices } from './batch-queue';
import { createBeaconFloodLimit } from './beacon-flood-limit';
import { createPageLoadSamples } from './page-load-samples';
import type { UserAgentFacts } from './user-agent-facts';
import { bucketOf } from './vital-histogram';
import { createUtcDays } from './visitor-hash';

/**
 * Beacons believed a minute from one address, an IPv6 client by its /64 (beacon-flood-limit.ts):
 * a page sends one per visit, rarely two.
 */
const BEACONS_PER_MINUTE = 30;
/** Senders of the last minute remembered; past it the quietest is forgotten. */
const SENDERS_TRACKED = 10_000;
/**
 * Page loads remembered, each until six hours after its last beacon: a tab left in the
 * background for an afternoon and hidden again still counts once. About 150 bytes each.
 */
const PAGE_LOADS_TRACKED = 20_000;
const PAGE_LOAD_QUIET_MS = 6 * 60 * 60_000;
const MAX_BACKLOG = 20_000;

export type VitalsIntake = {
  /**
   * Keeps the beacon's samples its page load has not given before, or ignores them when a bot
   * sent it; false when the address sent too many beacons this minute: nothing of it is kept.
   */
  take: (beacon: AudienceBeacon, userAgent: string | undefined, address: string) => boolean;
  flush: () => Promise<void>;
};

export function createVitalsIntake(options: {
  audience: Pick<AudienceRepository, 'recordVitals'>;
  servedRevision: () => string | null;
  userAgentFacts: (userAgent: string | undefined) => UserAgentFacts;
  meter: AudienceMeter;
  log: Log;
  now: () => number;
}): VitalsIntake {
  const { meter } = options;
  const floodLimit = createBeaconFloodLimit({
    perMinute: BEACONS_PER_MINUTE,
    sendersTracked: SENDERS_TRACKED,
    now: options.now,
  });
  const pageLoads = createPageLoadSamples({
    capacity: PAGE_LOADS_TRACKED,
    quietMs: PAGE_LOAD_QUIET_MS,
    now: options.now,
  });

  const write = (batch: NewVital[]): Promise<void> =>
    inSlices(batch, async (slice) => {
      try {
        await options.audience.recordVitals(slice);
        meter.taken('vital', slice.length);
      } catch (error) {
        meter.dropped('store', slice.length);
        options.log('warn', 'web vitals not recorded', {
          samples: slice.length,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    });

  const queue = createBatchQueue({ write, maxBacklog: MAX_BACKLOG });
  const dayOf = createUtcDays();

  return {
    take(beacon, userAgent, address) {
      const { isBot, device } = options.userAgentFacts(userAgent);
      if (isBot) {
        meter.dropped('bot', beacon.metrics.length);
        return true;
      }
      if (floodLimit.isFlood(address)) {
        meter.dropped('flood', beacon.metrics.length);
        return false;
      }
      const day = dayOf(options.now());
      const revision = options.servedRevision();
      // Each metric once per page load: a later beacon, or one that repeats a metric, is
      // believed for its first value only.
      const samples: NewVital[] = [];
      for (const { name, value } of beacon.metrics) {
        if (pageLoads.isFirst(beacon.pageLoad, name)) {
          // Kept as its histogram's bucket, all the report and the roll-up read of it: the
          // database counts the day's samples per value instead of returning each.
          samples.push({ day, device, revision, metric: name, value: bucketOf(value) });
        }
      }
      const repeats = beacon.metrics.length - samples.length;
      if (repeats > 0) meter.dropped('repeat', repeats);
      if (!queue.add(samples)) meter.dropped('backlog', samples.length);
      return true;
    },
    flush: queue.flush,
  };
}
