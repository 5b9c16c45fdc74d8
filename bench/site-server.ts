import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readProcessCpuMicros } from './process-cpu';
import { pinnedCommand, SERVER_CPU, spawnGroup, stopGroup, waitForHttp } from './processes';
import { readBuildMeta } from '../server/build-meta';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import { findFreePort } from '../tests/support/listen-on-loopback';

export type SiteServer = {
  origin: string;
  /** The SITE_URL it runs with: the Origin the studio's same-origin check expects. */
  siteUrl: string;
  /** The temporary DATA_DIR holding the SQLite file. */
  dataDir: string;
  /** CPU time the server has used so far, in microseconds; null where it cannot be read. */
  cpuMicros: () => number | null;
  stop: () => Promise<void>;
};

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Our server exactly as `npm run serve` starts it, on loopback, with a fresh SQLite file and the
 * rate limit out of reach so a load test measures the server, not the limiter.
 */
export async function startSiteServer(
  distDir: string,
  /** The checkout whose built server runs; another one serves an older build its own way. */
  root = ROOT,
  /** Settings on top of the defaults, e.g. TRUST_PROXY for load from many addresses. */
  extraEnv: Record<string, string> = {},
): Promise<SiteServer> {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const logFile = openSync(path.join(dataDir, 'server.log'), 'a');
  // The server refuses a build made for another origin; same-origin posts pass the check.
  const siteUrl = (await readBuildMeta(distDir))?.siteUrl ?? origin;
  const [command, args] = pinnedCommand(SERVER_CPU, process.execPath, [
    ...SERVER_NODE_FLAGS,
    path.join(root, 'dist', 'app', 'main.js'),
  ]);
  const child = spawnGroup(command, args, {
    stdout: logFile,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      SITE_URL: siteUrl,
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_MS: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...extraEnv,
    },
  });
  try {
    await waitForHttp(`${origin}/readyz`, child, 'The site server');
  } catch (error) {
    await stopGroup(child);
    throw new Error(`The site server did not start; its log is in ${dataDir}/server.log`, {
      cause: error,
    });
  }
  return {
    origin,
    siteUrl,
    dataDir,
    // taskset execs node, so the child's own pid is the server's.
    cpuMicros: () => (child.pid === undefined ? null : readProcessCpuMicros(child.pid)),
    stop: async () => {
      await stopGroup(child);
    },
  };
}

export function removeDataDir(server: SiteServer): void {
  rmSync(server.dataDir, { recursive: true, force: true });
}
