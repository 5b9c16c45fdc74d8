import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBuildMeta } from '../../../server/build-meta';
import { startServer } from './start-server';
import { E2E_ORIGIN, E2E_PORT } from './server-origin';
import { startSmtpSink } from './smtp-sink';

const BUILT_PAGES = ['dist/client/index.html', 'dist/client/404.html', 'dist/meta.json'];

/**
 * Starts a real SMTP sink and the real server (fresh SQLite in a temporary DATA_DIR) once for
 * the whole run. Returns the teardown. The build is `npm test`'s job, never this file's.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const missing = BUILT_PAGES.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The site is not built (missing ${missing.join(', ')}). Run \`npm run build\` first; ` +
        '`npm test` does this before the browser tests.',
    );
  }

  const root = await mkdtemp(join(tmpdir(), 'ember-ink-e2e-'));
  const mailboxDir = join(root, 'mailbox');
  const sink = await startSmtpSink(mailboxDir);
  const server = await startServer({
    logFile: join(root, 'server.log'),
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(root, 'data'),
      // The build's own origin, or the server refuses it; the journeys' same-origin posts from
      // E2E_ORIGIN pass the Origin check all the same.
      SITE_URL: (await readBuildMeta('dist'))?.siteUrl ?? E2E_ORIGIN,
      SMTP_URL: sink.url,
      // Every journey posts from the same address; the real limit is proven by the HTTP tests.
      RATE_LIMIT_MAX: '100000',
      BOOKING_CALLS_PER_CLIENT: '1000',
    },
  }).catch(async (error: unknown) => {
    await sink.close();
    throw error;
  });
  // Workers inherit the environment set here; that is how journeys find the mailbox, and the
  // studio's CLI finds the server's data.
  process.env.E2E_MAILBOX_DIR = mailboxDir;
  process.env.E2E_DATA_DIR = join(root, 'data');

  return async () => {
    await server.stop();
    await sink.close();
    await rm(root, { recursive: true, force: true });
  };
}
