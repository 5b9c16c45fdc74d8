import { countStoredRows } from './count-rows';
import { LOAD, WARM_UP_SECONDS } from './settings';
import { BROWSER_USER_AGENT, type ServerRuns } from './static-throughput';
import { summarize } from './stats';
import { runWrk, type LoadRun } from './wrk';

/** Who loads `/`: one person reloading it, or a crowd in which every view is somebody new. */
export type ViewersKind = 'one visitor' | 'a crowd';

export type ViewLoadResult = ServerRuns & {
  viewers: ViewersKind;
  /** Views answered 200, warm-up included: each was a person's view, counted. */
  answered: number;
  /** Rows in audience_views once the server has stopped. */
  rows: number;
  /** The views those rows stand for. */
  storedViews: number;
};

/**
 * `/` under load with counting on, through a proxy (TRUST_PROXY=1) as a deployment sees it:
 * as one visitor, whose repeated views the counter joins into a row per batch, and as a crowd,
 * each view a new person's row. The first is the case of the static comparison with nginx; the
 * second is what counting costs at its most.
 */
export async function measureViewLoad(origin: string, viewers: ViewersKind): Promise<LoadRun[]> {
  const load = {
    url: `${origin}/`,
    connections: LOAD.connections,
    ...(viewers === 'a crowd'
      ? { script: 'audience-crowd.lua' }
      : { headers: { 'Accept-Encoding': 'br', 'User-Agent': BROWSER_USER_AGENT } }),
  };
  const runs = [await runWrk({ ...load, seconds: WARM_UP_SECONDS, env: { BENCH_RUN_ID: '0' } })];
  for (let run = 1; run <= LOAD.runs; run += 1) {
    runs.push(await runWrk({ ...load, seconds: LOAD.seconds, env: { BENCH_RUN_ID: String(run) } }));
  }
  return runs;
}

/** Reads what was kept after the server has stopped, so every queued batch is written. */
export function summarizeViewLoad(
  viewers: ViewersKind,
  [warmUp, ...runs]: LoadRun[],
  dataDir: string,
): ViewLoadResult {
  const all = warmUp === undefined ? runs : [warmUp, ...runs];
  const failures = all.reduce((sum, run) => sum + run.failures, 0);
  return {
    viewers,
    requestsPerSecond: summarize(runs.map((run) => run.requestsPerSecond)),
    p99Ms: summarize(runs.map((run) => run.p99Ms)),
    failures,
    answered: all.reduce((sum, run) => sum + run.requests, 0) - failures,
    rows: countStoredRows(dataDir, 'audience_views'),
    storedViews: countStoredRows(dataDir, 'audience_views', 'views'),
  };
}
