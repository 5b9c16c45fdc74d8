import type { AudienceBeacon } from '../../common/audience';
import type { Log } from '../log';
import type { AudienceRepository, NewVital } from '../store/audience/audience-repository';
import type { AudienceMeter } from './audience-meter';
import { createBatchQueue, inSlices } from './batch-queue';
import type { UserAgentFacts } from './user-agent-facts';
import { createUtcDays } from './visitor-hash';

/** Beacons believed from one address a minute: a page sends one per visit, rarely two. */
const BEACONS_PER_MINUTE = 30;
/** Addresses remembered per minute; past it the whole minute starts over. */
const ADDRESSES_TRACKED = 10_000;
const MAX_BACKLOG = 20_000;

export type VitalsIntake = {
  /**
   * Keeps the beacon's samples, or ignores them when a bot sent it; false when the address sent
   * too many beacons this minute: nothing of it is kept.
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
  let minute = 0;
  const beaconsFrom = new Map<string, number>();

  const isFlood = (address: string): boolean => {
    const current = Math.floor(options.now() / 60_000);
    if (current !== minute || beaconsFrom.size >= ADDRESSES_TRACKED) {
      minute = current;
      beaconsFrom.clear();
    }
    const count = (beaconsFrom.get(address) ?? 0) + 1;
    beaconsFrom.set(address, count);
    return count > BEACONS_PER_MINUTE;
  };

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
      if (isBot) return true;
      if (isFlood(address)) {
        meter.dropped('flood', beacon.metrics.length);
        return false;
      }
      const day = dayOf(options.now());
      const revision = options.servedRevision();
      // Each metric once: a beacon that repeats one is believed for its first value only.
      const seen = new Set<string>();
      const samples: NewVital[] = [];
      for (const { name, value } of beacon.metrics) {
        if (seen.has(name)) continue;
        seen.add(name);
        samples.push({ day, device, revision, metric: name, value });
      }
      if (!queue.add(samples)) meter.dropped('backlog', samples.length);
      return true;
    },
    flush: queue.flush,
  };
}
