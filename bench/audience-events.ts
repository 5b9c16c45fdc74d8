import { countStoredRows } from './count-rows';
import { LOAD, WARM_UP_SECONDS } from './settings';
import type { ServerRuns } from './static-throughput';
import { summarize } from './stats';
import { runWrk, type LoadRun } from './wrk';

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
export async function measureAudienceEvents(origin: string): Promise<LoadRun[]> {
  const load = { url: origin, connections: LOAD.connections, script: 'audience-beacon.lua' };
  const warmUp = await runWrk({ ...load, seconds: WARM_UP_SECONDS, env: { BENCH_RUN_ID: '0' } });
  const runs: LoadRun[] = [];
  for (let run = 1; run <= LOAD.runs; run += 1) {
    runs.push(await runWrk({ ...load, seconds: LOAD.seconds, env: { BENCH_RUN_ID: String(run) } }));
  }
  // The warm-up's beacons are stored too; they count as accepted, not in the figures.
  return [warmUp, ...runs];
}

/** Reads the stored samples after the server has stopped, so every queued batch is written. */
export function summarizeAudienceEvents(
  [warmUp, ...runs]: LoadRun[],
  dataDir: string,
): AudienceEventsResult {
  const all = warmUp === undefined ? runs : [warmUp, ...runs];
  const failures = all.reduce((sum, run) => sum + run.failures, 0);
  return {
    requestsPerSecond: summarize(runs.map((run) => run.requestsPerSecond)),
    p99Ms: summarize(runs.map((run) => run.p99Ms)),
    failures,
    accepted: all.reduce((sum, run) => sum + run.requests, 0) - failures,
    stored: countStoredRows(dataDir, 'audience_vitals') / METRICS_PER_BEACON,
  };
}
