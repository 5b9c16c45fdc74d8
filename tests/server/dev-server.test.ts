import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../scripts/prerender/csp';
import { openStore } from '../../server/store/open-store';
import { createSignedInStaff } from './helpers/studio-session';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** SITE_URL's default, which the studio API's cross-site check compares each Origin with. */
const DEFAULT_SITE_URL = 'http://localhost:3000';

/** Resolves with the URL of the server's "listening" log line. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry = JSON.parse(line) as { msg?: unknown; url?: unknown };
      if (entry.msg === 'listening' && typeof entry.url === 'string') resolve(entry.url);
    });
    child.once('exit', (code) =>
      reject(new Error(`npm run dev exited with ${code} before listening`)),
    );
  });
}

function expectEveryInlineScriptAllowed(html: string, policy: string | null): void {
  expect(policy).not.toContain("'unsafe-inline'");
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(policy).toContain(`'${hash}'`);
}

// Port 0 for the server and a free port for Vite's HMR socket, so this may run beside any
// other server or `npm run dev` on the machine.
describe('npm run dev', () => {
  let dataDir: string;
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ember-dev-'));
    // Its own process group, so the whole of it (npm, tsx watch, the server) stops by its pid.
    child = spawn('npm', ['run', 'dev'], {
      cwd: PROJECT_ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: '0',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.resume();
    url = (await listeningUrl(child)).replace('0.0.0.0', '127.0.0.1');
  });

  afterAll(async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the server from the source under a watch that restarts it on a server edit', () => {
    const commands = execFileSync('ps', ['-o', 'args=', '-g', String(child.pid)], {
      encoding: 'utf8',
    });
    expect(commands).toMatch(/tsx watch .*scripts\/dev\/dev-server\.ts/);
  });

  it('answers / with the page rendered from the source, its inline scripts allowed by hash', async () => {
    const response = await fetch(`${url}/`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/<div id="root"><[a-z]/);
    expect(html).toContain('Ember &amp; Ink');
    expect(html).toContain('src="/src/entry-client.ts"');
    expectEveryInlineScriptAllowed(html, response.headers.get('content-security-policy'));
    const image = /src="(\/assets\/imagetools-[0-9a-f]+)"/.exec(html)?.[1];
    expect((await fetch(`${url}${image}`)).status).toBe(200);
  });

  it('answers /studio with the studio page, its app served from the source by Vite', async () => {
    const response = await fetch(`${url}/studio`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<title>Studio · Ember &amp; Ink</title>');
    expectEveryInlineScriptAllowed(html, response.headers.get('content-security-policy'));
    const app = await fetch(`${url}/src/studio/entry.tsx`);
    expect(app.headers.get('content-type')).toContain('javascript');
    expect(await app.text()).toContain('hydrateRoot');
  });

  it("draws a signed-in person's inbox on the server from the studio's source", async () => {
    const store = await openStore({ dataDir });
    try {
      const staff = await createSignedInStaff({ url, store, siteOrigin: DEFAULT_SITE_URL });
      const response = await fetch(`${url}/studio`, { headers: { cookie: staff.cookie } });
      const html = await response.text();
      expect(response.status).toBe(200);
      expect(html).toMatch(/<div id="root"><[a-z]/);
      expect(html).toContain('id="studio-first-screen"');
      expectEveryInlineScriptAllowed(html, response.headers.get('content-security-policy'));
    } finally {
      await store.close();
    }
  });
});
