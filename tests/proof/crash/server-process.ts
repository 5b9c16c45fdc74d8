import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SERVER_NODE_FLAGS } from '../../../server/node-flags';
import { builtServer } from '../../support/built-app';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../../..');

export type ServerProcess = {
  pid: number;
  url: string;
  /** Every JSON log line the process wrote, parsed. */
  logs: Record<string, unknown>[];
  /** The first log line, already written or still to come, that `matches`; null after `timeoutMs`. */
  waitForLog(
    matches: (entry: Record<string, unknown>) => boolean,
    timeoutMs: number,
  ): Promise<Record<string, unknown> | null>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
};

function parseLine(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value))
      : null;
  } catch {
    return null;
  }
}

export type ServerProcessOptions = {
  /** Another copy of the build, e.g. one installed with production dependencies. */
  app?: { cwd: string; script: string };
  /** Node options before the entry point, e.g. `--import` of a test hook. */
  nodeArgs?: string[];
  /** Lines for which this returns false (the access log, in a long run) are neither kept nor written. */
  isKept?: (line: string) => boolean;
};

/**
 * Starts the built server (`node --min-semi-space-size=16 dist/app/main.js`) the way an operator would, with only the given
 * environment, and resolves once it logs that it is listening. Its output goes to `logFile`.
 */
export function startServerProcess(
  env: Record<string, string>,
  logFile: string,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const app = options.app ?? { cwd: PROJECT_ROOT, script: builtServer() };
  const args = [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), app.script];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: app.cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = createWriteStream(logFile, { flags: 'a' });
  child.stderr?.pipe(output);
  const logs: Record<string, unknown>[] = [];
  const watchers = new Set<(entry: Record<string, unknown>) => void>();
  function waitForLog(
    matches: (entry: Record<string, unknown>) => boolean,
    timeoutMs: number,
  ): Promise<Record<string, unknown> | null> {
    const written = logs.find(matches);
    if (written !== undefined) return Promise.resolve(written);
    return new Promise((resolve) => {
      const finish = (entry: Record<string, unknown> | null): void => {
        clearTimeout(timer);
        watchers.delete(watch);
        resolve(entry);
      };
      const watch = (entry: Record<string, unknown>): void => {
        if (matches(entry)) finish(entry);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      watchers.add(watch);
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
  });

  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (options.isKept?.(line) === false) return;
      output.write(`${line}\n`);
      const entry = parseLine(line);
      if (entry === null) return;
      logs.push(entry);
      for (const watch of watchers) watch(entry);
      if (entry.msg === 'listening' && typeof entry.url === 'string' && child.pid !== undefined) {
        const pid = child.pid;
        resolve({
          pid,
          url: entry.url,
          logs,
          waitForLog,
          exited,
          kill(signal) {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) =>
      reject(new Error(`The server exited with ${code} before listening; see ${logFile}`)),
    );
  });
}
