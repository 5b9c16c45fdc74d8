import type { AudienceBeacon } from '../../common/audience';
import { createBatchedRecords } from '../batched-writer';
import type { Log } from '../log';
import type { AudienceRepository, NewVital } from '../store/audience/audience-repository';
import type { AudienceMeter } from './audience-meter';
import { deviceOf } from './device-class';
import { utcDay } from './visitor-hash';

/** Beacons believed from one address a minute: a page sends one per visit, rarely two. */
const BEACONS_PER_MINUTE = 30;
/** Addresses remembered per minute; past it the whole minute starts over. */
const ADDRESSES_TRACKED = 10_000;
const MAX_PENDING = 20_000;

export type VitalsIntake = {
  /** False when the address sent too many beacons this minute: nothing of it is kept. */
  take: (beacon: AudienceBeacon, userAgent: string, address: string) => boolean;
  flush: () => Promise<void>;
};

export function createVitalsIntake(options: {
  audience: Pick<AudienceRepository, 'recordVitals'>;
  servedRevision: () => string | null;
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

  const write = async (batch: NewVital[]): Promise<void> => {
    try {
      await options.audience.recordVitals(batch);
      meter.taken('vital', batch.length);
    } catch (error) {
      meter.dropped('store', batch.length);
      options.log('warn', 'web vitals not recorded', {
        samples: batch.length,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const pending = createBatchedRecords({ record: write, maxPending: MAX_PENDING });

  return {
    take(beacon, userAgent, address) {
      if (isFlood(address)) {
        meter.dropped('flood', beacon.metrics.length);
        return false;
      }
      if (!pending.hasRoomFor(beacon.metrics.length)) {
        meter.dropped('backlog', beacon.metrics.length);
        return true;
      }
      const day = utcDay(options.now());
      const device = deviceOf(userAgent);
      const revision = options.servedRevision();
      // Each metric once: a beacon that repeats one is believed for its first value only.
      const seen = new Set<string>();
      for (const { name, value } of beacon.metrics) {
        if (seen.has(name)) continue;
        seen.add(name);
        pending.add({ day, device, revision, metric: name, value });
      }
      return true;
    },
    flush: pending.flush,
  };
}
