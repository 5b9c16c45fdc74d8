import type { NginxServer } from './nginx-server';
import { rawGet } from './raw-get';
import { LOAD, WARM_UP_SECONDS } from './settings';
import { summarize, type Spread } from './stats';
import { runWrk, type LoadRun } from './wrk';

export type ServerRuns = { requestsPerSecond: Spread; p99Ms: Spread; failures: number };

export type PathComparison = {
  path: string;
  encoding: string;
  ours: ServerRuns;
  nginx: ServerRuns | null;
  /** Median requests per second, ours divided by nginx's. */
  ratio: number | null;
  /** Our server's CPU time per request answered, in microseconds, median of the runs. */
  oursCpuMicrosPerRequest: Spread | null;
  /** Whether both servers sent the very same body bytes; if not, what differs. */
  sameBody: boolean | null;
  bodyNote: string;
};

function toRuns(runs: LoadRun[]): ServerRuns {
  return {
    requestsPerSecond: summarize(runs.map((run) => run.requestsPerSecond)),
    p99Ms: summarize(runs.map((run) => run.p99Ms)),
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
  };
}

async function compareBodies(
  path: string,
  headers: Record<string, string>,
  ours: string,
  nginx: NginxServer | null,
): Promise<{ sameBody: boolean | null; bodyNote: string }> {
  const mine = await rawGet(`${ours}${path}`, headers);
  if (nginx === null) return { sameBody: null, bodyNote: `${mine.bodyBytes} B body` };
  const theirs = await rawGet(`${nginx.origin}${path}`, headers);
  const sameBody = mine.sha256 === theirs.sha256;
  const headerBytes = (headers: Record<string, string>) =>
    Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  const bodyNote =
    `body ${mine.bodyBytes} B (${mine.headers['content-encoding'] ?? 'identity'}) vs nginx ` +
    `${theirs.bodyBytes} B (${theirs.headers['content-encoding'] ?? 'identity'}); ` +
    `headers ≈ ${headerBytes(mine.headers)} B vs ${headerBytes(theirs.headers)} B`;
  return { sameBody, bodyNote };
}

export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * The same paths from our server and from nginx, each warmed up first, then interleaved run by
 * run so that background load on the machine hits both alike.
 */
export async function compareStaticThroughput(options: {
  ours: string;
  /** Our server's CPU time so far, in microseconds (null where it cannot be read). */
  oursCpuMicros: () => number | null;
  nginx: NginxServer | null;
  paths: string[];
}): Promise<PathComparison[]> {
  const { ours, oursCpuMicros, nginx, paths } = options;
  const encoding = nginx === null || nginx.hasBrotli ? 'br' : 'gzip';
  // A browser's user agent: every view of `/` is then counted as a person's (hashed, parsed and
  // written), so the figure is the cost of counting on, not of the bot filter's short path.
  const headers = { 'Accept-Encoding': encoding, 'User-Agent': BROWSER_USER_AGENT };
  const results: PathComparison[] = [];
  for (const path of paths) {
    const oursRuns: LoadRun[] = [];
    const nginxRuns: LoadRun[] = [];
    const cpuPerRequest: number[] = [];
    const load = { seconds: LOAD.seconds, connections: LOAD.connections, headers };
    const origins = [ours, ...(nginx === null ? [] : [nginx.origin])];
    for (const origin of origins) {
      await runWrk({ ...load, seconds: WARM_UP_SECONDS, url: `${origin}${path}` });
    }
    for (let run = 0; run < LOAD.runs; run += 1) {
      const targets = [
        { origin: ours, into: oursRuns },
        ...(nginx === null ? [] : [{ origin: nginx.origin, into: nginxRuns }]),
      ];
      if (run % 2 === 1) targets.reverse();
      for (const target of targets) {
        const cpuBefore = target.origin === ours ? oursCpuMicros() : null;
        const run = await runWrk({ ...load, url: `${target.origin}${path}` });
        const cpuAfter = cpuBefore === null ? null : oursCpuMicros();
        if (cpuBefore !== null && cpuAfter !== null && run.requests > 0) {
          cpuPerRequest.push((cpuAfter - cpuBefore) / run.requests);
        }
        target.into.push(run);
      }
    }
    const oursSummary = toRuns(oursRuns);
    const nginxSummary = nginxRuns.length === 0 ? null : toRuns(nginxRuns);
    results.push({
      path,
      encoding,
      ours: oursSummary,
      nginx: nginxSummary,
      ratio:
        nginxSummary === null
          ? null
          : oursSummary.requestsPerSecond.median / nginxSummary.requestsPerSecond.median,
      oursCpuMicrosPerRequest: cpuPerRequest.length === 0 ? null : summarize(cpuPerRequest),
      ...(await compareBodies(path, headers, ours, nginx)),
    });
  }
  return results;
}
