import { limitSubjectOf } from '../http/ip-address';
import { createRecentMap } from './recent-map';

const MINUTE_MS = 60_000;

/**
 * Beacons believed per minute from one subscriber: an IPv4 address, or an IPv6 /64 as every
 * other limit counts it, so rotating through the addresses of one's own block buys nothing. A
 * page sends one beacon per visit, rarely two; the rest of the allowance is for people behind
 * one shared address.
 */
export type BeaconFloodLimit = {
  /** Counts the beacon; true when its sender is over the limit this minute. */
  isFlood(address: string): boolean;
};

/**
 * Per process, in memory: a beacon must cost no round trip to the store (0048). The senders of
 * the last minute are kept in a bounded map that forgets the quietest first, so a flood is
 * never forgiven by an influx of other senders.
 */
export function createBeaconFloodLimit(options: {
  perMinute: number;
  sendersTracked: number;
  now: () => number;
}): BeaconFloodLimit {
  const counts = createRecentMap<{ minute: number; beacons: number }>({
    capacity: options.sendersTracked,
    maxAgeMs: MINUTE_MS,
    now: options.now,
  });
  return {
    isFlood(address) {
      const subject = limitSubjectOf(address);
      const minute = Math.floor(options.now() / MINUTE_MS);
      const earlier = counts.get(subject);
      const beacons = earlier?.minute === minute ? earlier.beacons + 1 : 1;
      counts.set(subject, { minute, beacons });
      return beacons > options.perMinute;
    },
  };
}
