import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { runSoak, type SoakResult } from '../tests/soak/run-soak';
import { isCommandAvailable, SERVER_CPU } from './processes';
import { IS_QUICK } from './settings';
import { summarize } from './stats';
import { isWrkAvailable, runWrk } from './wrk';

/** Twenty minutes by default (two with BENCH_QUICK=1); SOAK_MINUTES overrides both. */
export const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? (IS_QUICK ? 2 : 20));

/** `/` with brotli, three short wrk runs; the median is the minute's throughput. */
async function measureRoot(origin: string): Promise<number> {
  const runs = [];
  for (let run = 0; run < 3; run += 1) {
    runs.push(
      await runWrk({
        url: `${origin}/`,
        seconds: 3,
        connections: 10,
        headers: { 'Accept-Encoding': 'br' },
      }),
    );
  }
  return summarize(runs.map((run) => run.requestsPerSecond)).median;
}

/**
 * The soak: one server process with real SQLite and a real SMTP server under bounded mixed
 * traffic for SOAK_MINUTES, sampled every minute; `/` throughput is measured with wrk at each
 * sample, so the last minute can be compared with the first.
 */
export function measureSoak(
  distDir: string,
  progress: (line: string) => void,
): Promise<SoakResult> {
  const canPin = isCommandAvailable('taskset');
  return runSoak({
    durationMs: SOAK_MINUTES * 60_000,
    sampleEveryMs: IS_QUICK ? 20_000 : 60_000,
    distDir,
    seed: randomInt(4_294_967_295),
    measureThroughput: isWrkAvailable() ? measureRoot : undefined,
    onServerStarted: (pid) => {
      // The server gets its own core, as in the other load runs.
      if (canPin) spawnSync('taskset', ['-a', '-p', '-c', String(SERVER_CPU), String(pid)]);
    },
    report: progress,
  });
}
