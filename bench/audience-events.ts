import { countStoredRows } from './count-rows';
import { LOAD } from './settings';
import type { ServerRuns } from './static-throughput';
import { runWarmedUp, summarizeWarmedUp } from './warmed-runs';
import type { LoadRun } from './wrk';

/** Each beacon of bench/wrk/audience-beacon.lua carries LCP, CLS, INP and TTFB. */
const METRICS_PER_BEACON = 4;

export type AudienceEventsResult = ServerRuns & {
  /** Beacons answered 204, warm-up included: each was taken for writing. */
  accepted: number;
  /** Web Vitals samples in the database once the server has stopped. */
  stored: number;
};

/**
 * The page's beacon, POST /api/audience, from many addresses (a proxy in front, TRUST_PROXY=1,
 * as a deployment with several visitors looks), each with a browser's user agent: every beacon
 * is validated, believed and queued for writing. One instance on its SQLite file.
 */
export function measureAudienceEvents(origin: string): Promise<LoadRun[]> {
  // The warm-up's beacons are stored too; they count as accepted, not in the figures.
  return runWarmedUp({ url: origin, connections: LOAD.connections, script: 'audience-beacon.lua' });
}

/** Reads the stored samples after the server has stopped, so every queued batch is written. */
export function summarizeAudienceEvents(runs: LoadRun[], dataDir: string): AudienceEventsResult {
  const { answered, ...figures } = summarizeWarmedUp(runs);
  return {
    ...figures,
    accepted: answered,
    stored: countStoredRows(dataDir, 'audience_vitals') / METRICS_PER_BEACON,
  };
}
