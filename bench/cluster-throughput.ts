import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CONTACT_ENDPOINT } from '../common/endpoints';
import { readBuildMeta } from '../server/build-meta';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import { TEST_CHALLENGE_SECRET } from '../tests/support/challenge-solver';
import { findFreePort } from '../tests/support/listen-on-loopback';
import { createPostgresDatabase } from '../tests/support/postgres-database';
import { spawnGroup, stopGroup, waitForHttp } from './processes';
import { LOAD } from './settings';
import { ROOT } from './site-server';

/** One instance count: what was stored durably per second, and the latency of each answer. */
export type ClusterRun = {
  instances: number;
  seconds: number;
  /** Rows in PostgreSQL after the run, per second of load: acknowledged and committed. */
  durablePerSecond: number;
  acknowledged: number;
  stored: number;
  failures: number;
  p99Ms: number;
};

export type ClusterResult = { one: ClusterRun; three: ClusterRun };

/** The PostgreSQL server the bench may create its databases on; unset skips this section. */
export function readBenchDatabaseUrl(): string | null {
  const url = process.env.BENCH_DATABASE_URL?.trim() ?? process.env.TEST_DATABASE_URL?.trim();
  return url === undefined || url === '' ? null : url;
}

async function startInstances(count: number, databaseUrl: string, distDir: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-cluster-'));
  const siteUrl = (await readBuildMeta(distDir))?.siteUrl ?? 'http://localhost:3000';
  const instances = await Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const port = await findFreePort();
      const child = spawnGroup(
        process.execPath,
        [...SERVER_NODE_FLAGS, path.join(ROOT, 'dist', 'app', 'main.js')],
        {
          stdout: openSync(path.join(dataDir, `server-${index}.log`), 'a'),
          env: {
            ...process.env,
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: path.join(dataDir, String(index)),
            DIST_DIR: distDir,
            SITE_URL: siteUrl,
            DATABASE_URL: databaseUrl,
            CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
            // Out of reach, but checked on every post: the limit's cost is part of the answer.
            RATE_LIMIT_MAX: '1000000',
            SMTP_URL: '',
          },
        },
      );
      const origin = `http://127.0.0.1:${port}`;
      await waitForHttp(`${origin}/readyz`, child, `Instance ${index}`);
      return { origin, child };
    }),
  );
  return {
    origins: instances.map((instance) => instance.origin),
    siteUrl,
    async stop() {
      await Promise.all(instances.map((instance) => stopGroup(instance.child)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

/**
 * Enquiries posted round-robin over the instances for LOAD.seconds by LOAD.connections
 * clients, without a proof-of-work solution (stored as spam: the same validation and
 * transaction, no email), then counted in PostgreSQL.
 */
async function measure(count: number, adminUrl: string, distDir: string): Promise<ClusterRun> {
  const database = await createPostgresDatabase(adminUrl, 'ember_bench');
  const cluster = await startInstances(count, database.url, distDir);
  try {
    const latencies: number[] = [];
    let acknowledged = 0;
    let failures = 0;
    let sent = 0;
    const deadline = Date.now() + LOAD.seconds * 1000;
    const client = async (): Promise<void> => {
      while (Date.now() < deadline) {
        const origin = cluster.origins[sent % cluster.origins.length] ?? '';
        sent += 1;
        const started = performance.now();
        const response = await fetch(`${origin}${CONTACT_ENDPOINT}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: cluster.siteUrl },
          body: JSON.stringify({
            name: 'Bench Visitor',
            email: `bench+${sent}@example.com`,
            service: 'Brand Strategy',
            message: `A benchmark enquiry, number ${sent}, long enough to pass.`,
          }),
        }).catch(() => null);
        await response?.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response?.status === 201) acknowledged += 1;
        else failures += 1;
      }
    };
    await Promise.all(Array.from({ length: LOAD.connections }, client));
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    const { rows } = await reader.query<{ stored: string }>(
      'select count(*) as stored from enquiries',
    );
    await reader.end();
    const stored = Number(rows[0]?.stored ?? 0);
    return {
      instances: count,
      seconds: LOAD.seconds,
      durablePerSecond: Math.round(stored / LOAD.seconds),
      acknowledged,
      stored,
      failures,
      p99Ms:
        Math.round(
          percentile(
            [...latencies].sort((a, b) => a - b),
            0.99,
          ) * 10,
        ) / 10,
    };
  } finally {
    await cluster.stop();
    await database.drop();
  }
}

/** One instance, then three, each on a fresh database. */
export async function measureCluster(adminUrl: string, distDir: string): Promise<ClusterResult> {
  const one = await measure(1, adminUrl, distDir);
  const three = await measure(3, adminUrl, distDir);
  return { one, three };
}

export function formatCluster(result: ClusterResult): string {
  const line = (run: ClusterRun) =>
    `| ${run.instances} | ${run.durablePerSecond} | ${run.p99Ms} | ${run.acknowledged} | ${run.stored} | ${run.failures} |`;
  return [
    '## Enquiries on one PostgreSQL, one instance and three (round-robin client)',
    '',
    '| instances | durable enquiries/s | p99 ms | acknowledged | stored | failed |',
    '|---|---|---|---|---|---|',
    line(result.one),
    line(result.three),
  ].join('\n');
}
