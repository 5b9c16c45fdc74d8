import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect } from '@playwright/test';
import { readConfig } from '../../../server/config';
import { startServices } from '../../../server/start-services';
import { loadSite } from '../../../server/static/load-site';
import { builtCli } from '../../support/built-app';
import { startSmtpSink } from './smtp-sink';

const run = promisify(execFile);

/** The studio as staff reach it: the built site, served at `origin`, with its own data. */
export type StudioServer = {
  /** `http://localhost:<port>`: the server's SITE_URL, so the studio's Origin check passes. */
  origin: string;
  dataDir: string;
  /** Where the server's SMTP sink writes each email it receives (waitForEmailIn). */
  mailboxDir: string;
  /** Runs the compiled `enquiries` CLI against this server's data, as an operator would. */
  runCli: (args: readonly string[]) => Promise<string>;
};

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The shared journey server's SITE_URL is the build's own, not the address the browser uses, so
 * the studio (which refuses any Origin but SITE_URL's) needs a server whose SITE_URL is where the
 * page really is. It is localhost, not 127.0.0.1, because passkeys refuse IP addresses.
 */
export async function startStudioServer(
  extraEnv: Record<string, string> = {},
): Promise<StudioServer & { stop: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-studio-e2e-'));
  const mailboxDir = path.join(root, 'mailbox');
  const sink = await startSmtpSink(mailboxDir);
  const port = await findFreePort();
  const origin = `http://localhost:${port}`;
  const dataDir = path.join(root, 'data');
  // A copy of the build: a publish rewrites the page in its dist/client, and the checkout's
  // build, which other journeys serve, must stay as it was built.
  const distDir = path.join(root, 'dist');
  await cp('dist', distDir, { recursive: true });
  const env = {
    DIST_DIR: distDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: origin,
    SMTP_URL: sink.url,
    RATE_LIMIT_MAX: '100000',
    // Every journey books from 127.0.0.1: three standing calls each (decision 0091) would let
    // one journey's calls refuse the next one's. The cap is proven by booking-client-cap.test.ts.
    BOOKING_CALLS_PER_CLIENT: '1000',
    ...extraEnv,
  };
  const services = await startServices({
    config: readConfig(env),
    site: await loadSite(distDir, { isHttps: false }),
    log: () => undefined,
    writeAccessLine: () => undefined,
  });
  return {
    origin,
    dataDir,
    mailboxDir,
    runCli: async (args) => {
      const cliEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SITE_URL: origin };
      delete cliEnv.DATABASE_URL;
      const { stdout } = await run(process.execPath, [builtCli(), ...args], { env: cliEnv });
      return stdout;
    },
    stop: async () => {
      await services.stop(1_000);
      await sink.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** `staff add` prints the one-time link; this is it. */
export function readWelcomeLink(output: string, origin: string): string {
  const link = /https?:\/\/\S+#token=\S+/.exec(output)?.[0] ?? '';
  expect(link.startsWith(`${origin}/studio/welcome#token=`)).toBe(true);
  return link;
}

/** One studio server per worker, started on first use. */
export const test = base.extend<object, { studio: StudioServer }>({
  studio: [
    // Playwright reads a fixture's dependencies from this pattern; this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startStudioServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };
