import { LOAD, WARM_UP_SECONDS } from './settings';
import type { ServerRuns } from './static-throughput';
import { summarize } from './stats';
import { runWrk, type LoadRun } from './wrk';

type Load = Omit<Parameters<typeof runWrk>[0], 'seconds' | 'env'>;

/**
 * A warm-up run, then LOAD.runs measured ones, each told its number in BENCH_RUN_ID (the
 * scripts give every run addresses of its own). The warm-up comes first in the list.
 */
export async function runWarmedUp(load: Load): Promise<LoadRun[]> {
  const runs = [await runWrk({ ...load, seconds: WARM_UP_SECONDS, env: { BENCH_RUN_ID: '0' } })];
  for (let run = 1; run <= LOAD.runs; run += 1) {
    runs.push(await runWrk({ ...load, seconds: LOAD.seconds, env: { BENCH_RUN_ID: String(run) } }));
  }
  return runs;
}

/**
 * The measured runs' figures, and how many requests all the given runs (the measured ones and
 * any warm-up) answered without an error: what the writes they took must all be found in the
 * store.
 */
export function summarizeLoad(
  measured: LoadRun[],
  all: LoadRun[] = measured,
): ServerRuns & { answered: number } {
  const failures = all.reduce((sum, run) => sum + run.failures, 0);
  return {
    requestsPerSecond: summarize(measured.map((run) => run.requestsPerSecond)),
    p99Ms: summarize(measured.map((run) => run.p99Ms)),
    failures,
    answered: all.reduce((sum, run) => sum + run.requests, 0) - failures,
  };
}

/** The same for runWarmedUp's list: the warm-up counts towards `answered` only. */
export function summarizeWarmedUp([warmUp, ...runs]: LoadRun[]): ServerRuns & {
  answered: number;
} {
  return summarizeLoad(runs, warmUp === undefined ? runs : [warmUp, ...runs]);
}
