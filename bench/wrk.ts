import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod/mini';
import { isCommandAvailable, LOAD_CPU, pinnedCommand } from './processes';

export const WRK_MISSING =
  'wrk is not installed, so the throughput sections are skipped. Install it with: apt-get install -y wrk';

/** One bounded load run; latencies in milliseconds. */
export type LoadRun = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses with status ≥ 400 plus socket errors and timeouts. */
  failures: number;
  bytesPerResponse: number;
};

const WrkSummarySchema = z.object({
  requests: z.number(),
  durationUs: z.number(),
  bytes: z.number(),
  p50Us: z.number(),
  p99Us: z.number(),
  status: z.number(),
  connect: z.number(),
  read: z.number(),
  write: z.number(),
  timeout: z.number(),
});

export function isWrkAvailable(): boolean {
  return isCommandAvailable('wrk');
}

function scriptWith(extraScript: string | undefined): { file: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-wrk-'));
  const file = path.join(dir, 'script.lua');
  const report = readFileSync(path.join(import.meta.dirname, 'wrk', 'report.lua'), 'utf8');
  const extra =
    extraScript === undefined
      ? ''
      : readFileSync(path.join(import.meta.dirname, 'wrk', extraScript), 'utf8');
  writeFileSync(file, `${extra}\n${report}`);
  return { file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * wrk with one thread on the load generator's core: a bounded run of `seconds` over
 * `connections` keep-alive connections.
 */
export async function runWrk(options: {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  script?: string;
  env?: Record<string, string>;
}): Promise<LoadRun> {
  const script = scriptWith(options.script);
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const [command, args] = pinnedCommand(LOAD_CPU, 'wrk', [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '5s',
    '-s',
    script.file,
    ...headerArgs,
    options.url,
  ]);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(command, args, {
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`)),
      );
    });
    const line = output
      .split('\n')
      .reverse()
      .find((candidate) => candidate.startsWith('{'));
    if (line === undefined) throw new Error(`wrk printed no summary:\n${output}`);
    const summary = WrkSummarySchema.parse(JSON.parse(line));
    return {
      requestsPerSecond: summary.requests / (summary.durationUs / 1e6),
      p50Ms: summary.p50Us / 1000,
      p99Ms: summary.p99Us / 1000,
      requests: summary.requests,
      failures: summary.status + summary.connect + summary.read + summary.write + summary.timeout,
      bytesPerResponse: summary.requests === 0 ? 0 : summary.bytes / summary.requests,
    };
  } finally {
    script.cleanup();
  }
}
