import { countStoredRows } from './count-rows';
import { LOAD } from './settings';
import { BROWSER_USER_AGENT, type ServerRuns } from './static-throughput';
import { runWarmedUp, summarizeWarmedUp } from './warmed-runs';
import type { LoadRun } from './wrk';

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
  /** Views set aside as filtered: past one client's bound a minute (decision 0061). */
  filteredViews: number;
};

/**
 * `/` under load with counting on, through a proxy (TRUST_PROXY=1) as a deployment sees it:
 * as one visitor, whose repeated views the counter joins into a row per batch (past its bound
 * a minute they are filtered), and as a crowd, each view a new person's row. The first is the case of the static comparison with nginx; the
 * second is what counting costs at its most.
 */
export function measureViewLoad(origin: string, viewers: ViewersKind): Promise<LoadRun[]> {
  return runWarmedUp({
    url: `${origin}/`,
    connections: LOAD.connections,
    ...(viewers === 'a crowd'
      ? { script: 'audience-crowd.lua' }
      : { headers: { 'Accept-Encoding': 'br', 'User-Agent': BROWSER_USER_AGENT } }),
  });
}

/** Reads what was kept after the server has stopped, so every queued batch is written. */
export function summarizeViewLoad(
  viewers: ViewersKind,
  runs: LoadRun[],
  dataDir: string,
): ViewLoadResult {
  return {
    viewers,
    ...summarizeWarmedUp(runs),
    rows: countStoredRows(dataDir, 'audience_views'),
    storedViews: countStoredRows(dataDir, 'audience_views', 'views'),
    filteredViews: countStoredRows(dataDir, 'audience_filtered', 'views'),
  };
}
