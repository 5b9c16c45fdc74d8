import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../tests/proof/crash/server-process';

/** A build of the site: its root (holding dist/) and what to call it in the report. */
export type Build = { label: string; root: string };

/** One instance of a build on its own port, and how many requests it is answering now. */
export type Instance = {
  name: string;
  port: number;
  build: Build;
  server: ServerProcess;
  inFlight: number;
};

/** The settings every instance shares, as the README's "Running several instances" asks. */
export function sharedSettings(databaseUrl: string, siteUrl: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SITE_URL: siteUrl,
    CHALLENGE_SECRET: 'rolling-upgrade-challenge-secret-0123456789abcdef',
    MAIL_TO: 'studio@emberandink.example',
    REPLY_FROM: 'studio@emberandink.example',
    STUDIO_TIME_ZONE: 'UTC',
    // One address sends all the load: the form limits would count it as one visitor.
    RATE_LIMIT_MAX: '1000000',
    STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '1000',
  };
}

/** Starts `build` on `port`; resolves once it listens (after any migration it runs). */
export async function startInstance(
  name: string,
  port: number,
  build: Build,
  settings: Record<string, string>,
  logDir: string,
): Promise<Instance> {
  const server = await startServerProcess(
    { ...settings, PORT: String(port), DATA_DIR: path.join(logDir, `data-${name}`) },
    path.join(logDir, `${name}-${build.label}.log`),
    {
      app: { cwd: build.root, script: path.join(build.root, 'dist', 'app', 'main.js') },
      // The access log of a long run is not needed; errors and the rest are.
      isKept: (line) => !line.includes('"msg":"request"'),
    },
  );
  return { name, port, build, server, inFlight: 0 };
}

/** Resolves when `isDone` holds, checking every 20 ms, or rejects after `timeoutMs`. */
export async function waitFor(isDone: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
