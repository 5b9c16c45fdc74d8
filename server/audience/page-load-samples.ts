import { VITAL_METRICS, type VitalMetric } from '../../common/audience';
import { createRecentMap } from './recent-map';

/**
 * Which metrics each recent page load has already given: its first value of each is the one
 * kept, so a tab hidden again with a grown CLS or INP does not count the page view twice.
 */
export type PageLoadSamples = {
  /** True the first time `pageLoad` gives `metric`, and remembers that it did. */
  isFirst(pageLoad: string, metric: VitalMetric): boolean;
};

/**
 * Per process and in memory: the id is random, means nothing after its tab is closed, and is
 * never written. A page load is forgotten `quietMs` after its last beacon, or sooner when
 * `capacity` newer ones crowd it out; either way memory is bounded.
 */
export function createPageLoadSamples(options: {
  capacity: number;
  quietMs: number;
  now: () => number;
}): PageLoadSamples {
  // The metrics given, one bit each: a number per page load instead of a Set.
  const given = createRecentMap<number>({
    capacity: options.capacity,
    maxAgeMs: options.quietMs,
    now: options.now,
  });
  return {
    isFirst(pageLoad, metric) {
      const bit = 1 << VITAL_METRICS.indexOf(metric);
      const earlier = given.get(pageLoad) ?? 0;
      given.set(pageLoad, earlier | bit);
      return (earlier & bit) === 0;
    },
  };
}
