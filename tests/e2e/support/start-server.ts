import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { builtServer } from '../../support/built-app';
import { isListening } from '../../support/listen-on-loopback';
import { E2E_ORIGIN, E2E_PORT } from './server-origin';

export type RunningServer = { stop: () => Promise<void> };

const START_TIMEOUT_MS = 60_000;

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilReady(child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `The server exited with code ${child.exitCode} before it was ready:\n` +
          readFileSync(logFile, 'utf8'),
      );
    }
    const ready = await fetch(`${E2E_ORIGIN}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server was not ready within ${START_TIMEOUT_MS} ms:\n${readFileSync(logFile, 'utf8')}`,
  );
}

/** The built server (`node dist/app/main.js`), in its own process group like a service. */
export async function startServer(options: {
  env: Record<string, string>;
  logFile: string;
}): Promise<RunningServer> {
  if (await isListening(E2E_PORT)) {
    throw new Error(
      `Port ${E2E_PORT} is already in use, so the browser tests would not reach their own ` +
        'server. Stop whatever listens there or set E2E_PORT to a free port.',
    );
  }
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  // The journeys run on SQLite in a fresh directory, whatever the calling shell points at.
  delete env.DATABASE_URL;
  const log = openSync(options.logFile, 'a');
  const child = spawn(process.execPath, [builtServer()], {
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  let isStopping = false;
  child.once('exit', (code, signal) => {
    if (isStopping) return;
    console.error(
      `\nThe server under test exited during the run (code ${code}, signal ${signal}):\n` +
        readFileSync(options.logFile, 'utf8'),
    );
  });
  const stop = async () => {
    isStopping = true;
    if (child.pid === undefined || child.exitCode !== null) return;
    process.kill(-child.pid, 'SIGTERM');
    const killTimer = setTimeout(() => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    }, 10_000);
    await exited(child);
    clearTimeout(killTimer);
  };
  try {
    await waitUntilReady(child, options.logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
