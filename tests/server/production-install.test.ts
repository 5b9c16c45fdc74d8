import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { readBuildMeta } from '../../server/build-meta';
import { openStore } from '../../server/store/open-store';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { builtServer } from '../support/built-app';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import sharp from 'sharp';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { createSignedInStaff, STUDIO_API } from './helpers/studio-session';

const run = promisify(execFile);
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const INSTALL_TIMEOUT_MS = 300_000;

/**
 * Of the production packages, only better-sqlite3 builds anything at install (sharp's script
 * only checks for its prebuilt binary, which the upload below exercises). Its addon is compiled
 * from source where no prebuilt binary can be fetched: two minutes of a busy CI machine, spent
 * already by this checkout's own `npm ci` for the same version and the same Node. The
 * deployment takes that build rather than compiling it a second time; what is proved here is
 * that the production dependencies alone run the server.
 */
async function reuseCompiledAddon(app: string): Promise<void> {
  const addon = path.join('node_modules', 'better-sqlite3');
  const versionOf = async (root: string) =>
    (
      JSON.parse(await readFile(path.join(root, addon, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  expect(await versionOf(app)).toBe(await versionOf(PROJECT_ROOT));
  const release = path.join(addon, 'build', 'Release', 'better_sqlite3.node');
  await mkdir(path.dirname(path.join(app, release)), { recursive: true });
  await cp(path.join(PROJECT_ROOT, release), path.join(app, release));
}

/**
 * What a deployment holds: the build and the package files, installed without devDependencies.
 * If the compiled server imported anything only the build needs, it would not start here.
 */
describe('the built server installed with production dependencies only', () => {
  let root: string;
  let server: ServerProcess;

  beforeAll(async () => {
    builtServer();
    root = await mkdtemp(path.join(tmpdir(), 'ember-deploy-'));
    const app = path.join(root, 'app');
    await cp(path.join(PROJECT_ROOT, 'dist'), path.join(app, 'dist'), { recursive: true });
    for (const file of ['package.json', 'package-lock.json']) {
      await cp(path.join(PROJECT_ROOT, file), path.join(app, file));
    }
    await run(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: app, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
    );
    await reuseCompiledAddon(app);
    const meta = await readBuildMeta(path.join(app, 'dist'));
    server = await startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'data'),
        SITE_URL: meta?.siteUrl ?? '',
        // The client solves its challenge with this secret, so the enquiry is a real one.
        CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
      },
      path.join(root, 'server.log'),
      { app: { cwd: app, script: path.join(app, 'dist', 'app', 'main.js') } },
    );
  }, INSTALL_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await rm(root, { recursive: true, force: true });
  });

  it('has none of the build-only packages installed', () => {
    for (const name of ['react', 'react-dom', 'vite', 'tsx', 'lucide-react', 'tailwindcss']) {
      expect(existsSync(path.join(root, 'app', 'node_modules', name)), name).toBe(false);
    }
  });

  it('serves the landing page', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Ember &amp; Ink');
  });

  it('stores an enquiry in its own SQLite file', async () => {
    const answer = await postJson(`${server.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
      origin: server.url,
    });
    expect(answer.status).toBe(201);
    const id = idOf(answer.body);
    const store = await openStore({ dataDir: path.join(root, 'data') });
    try {
      expect(await store.getEnquiry(id)).toMatchObject({ id, name: 'Ann Lee', isSpam: false });
    } finally {
      await store.close();
    }
  });

  it('answers a plain form post with its fields left empty with the form page, errors shown', async () => {
    const response = await fetch(`${server.url}${CONTACT_ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: 'name=&email=&service=&message=',
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('<form');
  });

  it('publishes the built content on first start, and encodes uploads with sharp', async () => {
    const built: unknown = JSON.parse(
      await readFile(path.join(root, 'app', 'dist', 'site-content.json'), 'utf8'),
    );
    const store = await openStore({ dataDir: path.join(root, 'data') });
    try {
      expect((await store.site.readPublished())?.content).toEqual(built);
      const siteOrigin = (await readBuildMeta(path.join(root, 'app', 'dist')))?.siteUrl ?? '';
      const { cookie } = await createSignedInStaff({ url: server.url, store, siteOrigin });
      const form = new FormData();
      const photo = await sharp({
        create: { width: 640, height: 480, channels: 3, background: '#c85028' },
      })
        .jpeg()
        .toBuffer();
      form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const upload = await fetch(`${server.url}${STUDIO_API}/media`, {
        method: 'POST',
        headers: { origin: siteOrigin, cookie },
        body: form,
      });
      expect(upload.status).toBe(201);
      const { sources } = (await upload.json()) as { sources: { url: string }[] };
      // Two widths, each as AVIF and JPEG (0078).
      expect(sources).toHaveLength(4);
      // Not on a published page yet: served to signed-in staff only.
      const served = await fetch(`${server.url}${sources[0]?.url ?? ''}`, { headers: { cookie } });
      expect(served.status).toBe(200);
    } finally {
      await store.close();
    }
  });
});
