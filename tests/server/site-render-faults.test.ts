import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSR_ENTRY } from '../../server/forms/form-page-renderer';
import { openStore } from '../../server/store/open-store';
import type { Store } from '../../server/store/store';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { readTestDatabaseUrl } from './helpers/backends';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import { readPage, saveDraftEdit, waitForPageWith } from './helpers/site-publishing';
import { createSignedInStaff, studioFetch } from './helpers/studio-session';

const adminUrl = readTestDatabaseUrl();
const METRICS_TOKEN = 'operator-token-for-the-render-faults-test';
const TEST_TIMEOUT_MS = 90_000;

type Problem = { revision: string; field: string | null; message: string };
type Readiness = { status: string; reason?: string };

/**
 * The fixture build, its server bundle changed so that the render of `/` throws while
 * `faultFile` exists: a render that fails after the publish committed, then works again.
 */
async function writeBreakableBuild(root: string, faultFile: string): Promise<string> {
  const distDir = await writeFixtureSite(root);
  const entry = path.join(distDir, SSR_ENTRY);
  const source = await readFile(entry, 'utf8');
  await writeFile(
    entry,
    `import { existsSync } from 'node:fs';\n${source.replace(
      'function renderLanding(content) {',
      `function renderLanding(content) { if (existsSync(${JSON.stringify(faultFile)})) throw new Error('the render failed on purpose');`,
    )}`,
  );
  return distDir;
}

describe.skipIf(adminUrl === undefined)(
  'a published page that cannot be shown does not stop the site',
  () => {
    let root: string;
    let faultFile: string;
    let distDir: string;
    let database: PostgresDatabase;
    let store: Store;
    let cookie: string;
    const servers: ServerProcess[] = [];

    const start = async (name: string): Promise<ServerProcess> => {
      const server = await startServerProcess(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: path.join(root, `data-${name}`),
          DIST_DIR: distDir,
          DATABASE_URL: database.url,
          SITE_URL: FIXTURE_SITE_URL,
          CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
          METRICS_TOKEN,
        },
        path.join(root, `server-${name}.log`),
      );
      servers.push(server);
      return server;
    };
    const target = (server: ServerProcess) => ({ url: server.url, siteOrigin: FIXTURE_SITE_URL });
    const readiness = async (server: ServerProcess, token?: string): Promise<Readiness> => {
      const headers: Record<string, string> =
        token === undefined ? {} : { authorization: `Bearer ${token}` };
      const response = await fetch(`${server.url}/readyz`, { headers });
      expect(response.status).toBe(200);
      return (await response.json()) as Readiness;
    };
    const liveProblem = async (server: ServerProcess): Promise<Problem | null> => {
      const response = await studioFetch(target(server), '/site/live', { cookie });
      expect(response.status).toBe(200);
      return ((await response.json()) as { problem: Problem | null }).problem;
    };

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'ember-render-faults-'));
      faultFile = path.join(root, 'render-fails');
      distDir = await writeBreakableBuild(root, faultFile);
      database = await createPostgresDatabase(adminUrl ?? '');
      const a = await start('a');
      await start('b');
      store = await openStore({ dataDir: path.join(root, 'data-test'), databaseUrl: database.url });
      cookie = (await createSignedInStaff({ ...target(a), store })).cookie;
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.kill('SIGTERM')));
      await store?.close();
      await database?.drop();
      await rm(root, { recursive: true, force: true });
    });

    it(
      'answers a publish whose render throws "saved, not yet live", and every instance shows it once it renders',
      async () => {
        const [a, b] = servers as [ServerProcess, ServerProcess];
        const before = await readPage(a.url);
        const quote = `Published while the render fails, ${Date.now()}`;
        const saved = await saveDraftEdit(target(a), cookie, (content) => {
          content.testimonials.items[0]!.quote = quote;
        });
        await writeFile(faultFile, '');
        const publish = await studioFetch(target(a), '/site/publish', {
          method: 'POST',
          cookie,
          headers: { 'if-match': `"${saved.revision}"` },
        });
        expect(publish.status).toBe(202);
        const answer = (await publish.json()) as {
          revision: string;
          live: boolean;
          problem: Problem;
        };
        expect(answer.live).toBe(false);
        expect(answer.problem).toMatchObject({ revision: answer.revision, field: null });
        expect(answer.problem.message).toContain('the render failed on purpose');

        // The previous page stays on both, and both say why to the operator, not to strangers.
        await b.waitForLog((entry) => entry.revision === answer.revision, 30_000);
        for (const server of [a, b]) {
          expect(await readPage(server.url)).toBe(before);
          expect(await readiness(server)).toEqual({ status: 'degraded' });
          const forOperator = await readiness(server, METRICS_TOKEN);
          expect(forOperator.reason).toContain(answer.revision);
          expect((await liveProblem(server))?.revision).toBe(answer.revision);
        }

        const mended = performance.now();
        await rm(faultFile);
        const shown = `<blockquote>${quote}</blockquote>`;
        await Promise.all([waitForPageWith(a.url, shown), waitForPageWith(b.url, shown)]);
        console.info(
          `live on both instances ${Math.round(performance.now() - mended)} ms after the render worked again`,
        );
        for (const server of [a, b]) {
          expect(await readiness(server, METRICS_TOKEN)).toEqual({ status: 'ok' });
          expect(await liveProblem(server)).toBeNull();
        }
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'starts an instance on a stored page this release rejects, serving the last page and naming the field',
      async () => {
        const [a] = servers as [ServerProcess];
        const lastGood = await readPage(a.url);
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ content: string }>(
            `select content from site_documents where kind = 'published'`,
          );
          const content = JSON.parse(rows[0]!.content) as { hero: Record<string, unknown> };
          // A field an older release stored and this one no longer knows.
          content.hero.subtitle = 'Kept by an older release';
          await client.query(
            `update site_documents set content = $1, revision = 'rejected-by-this-release' where kind = 'published'`,
            [JSON.stringify(content)],
          );
        } finally {
          await client.end();
        }

        const late = await start('late');
        expect(await readPage(late.url)).toBe(lastGood);
        const logged = await late.waitForLog(
          (entry) => entry.msg === 'the published page cannot be shown; the previous page stays',
          1_000,
        );
        expect(logged).toMatchObject({ level: 'error', field: 'hero.subtitle' });
        const forOperator = await readiness(late, METRICS_TOKEN);
        expect(forOperator.status).toBe('degraded');
        expect(forOperator.reason).toContain('hero.subtitle');
        expect(await liveProblem(late)).toMatchObject({
          revision: 'rejected-by-this-release',
          field: 'hero.subtitle',
        });
        // A running instance finds it at its reconcile check and keeps its page too.
        await a.waitForLog((entry) => entry.field === 'hero.subtitle', 30_000);
        expect(await readPage(a.url)).toBe(lastGood);
      },
      TEST_TIMEOUT_MS,
    );
  },
);
