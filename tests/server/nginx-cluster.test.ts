import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTCHA_FIELD } from '../../common/challenge';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { MIGRATION_NAMES } from '../../server/store/migrate-to-latest';
import { startRecordingSmtpSink, type RecordingSmtpSink } from '../proof/crash/recording-smtp-sink';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { runBuiltCli } from '../support/built-app';
import { solvedChallenge, TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { readTestDatabaseUrl } from './helpers/backends';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import {
  checkNginx,
  requestViaNginx,
  startNginxFront,
  type NginxFront,
  type ViaNginx,
} from './helpers/nginx-front';

const adminUrl = readTestDatabaseUrl();
const hasNginx = checkNginx();
const INSTANCES = ['a', 'b', 'c'] as const;
const RATE_LIMIT_MAX = 10;
const SIGN_IN_MAX_PER_ACCOUNT = 10;
const LOAD_POSTS = 240;
const LOAD_CONCURRENCY = 6;
/** Distinct visitor addresses for the load, so no one of them meets the form limit. */
const LOAD_ADDRESSES = 60;
const KILL_AFTER_ACKNOWLEDGED = 60;

/** Every line an instance wrote that is not an info or warn line of its JSON log. */
async function troubleIn(logFile: string): Promise<string[]> {
  // The text after the last newline may be a line still being written: not read yet.
  const lines = (await readFile(logFile, 'utf8')).split('\n').slice(0, -1);
  return lines.filter((line) => {
    if (!line.startsWith('{')) return true;
    const entry = JSON.parse(line) as { level?: unknown };
    return entry.level !== 'info' && entry.level !== 'warn';
  });
}

describe.skipIf(!hasNginx || adminUrl === undefined)(
  'three instances on one PostgreSQL behind nginx (docs/deploy/nginx.conf)',
  () => {
    let root: string;
    let database: PostgresDatabase;
    let sink: RecordingSmtpSink;
    let client: pg.Client;
    let nginx: NginxFront;
    const servers = new Map<(typeof INSTANCES)[number], ServerProcess>();
    const logFiles = new Map<(typeof INSTANCES)[number], string>();

    const instance = (name: (typeof INSTANCES)[number]): ServerProcess => {
      const server = servers.get(name);
      if (server === undefined) throw new Error(`instance ${name} is not running`);
      return server;
    };

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'ember-cluster-'));
      database = await createPostgresDatabase(adminUrl ?? '');
      sink = await startRecordingSmtpSink();
      const distDir = await writeFixtureSite(root);
      // All three at the same moment on an empty database: the cold start under test.
      const started = await Promise.all(
        INSTANCES.map((name) => {
          const logFile = path.join(root, `server-${name}.log`);
          logFiles.set(name, logFile);
          return startServerProcess(
            {
              PORT: '0',
              HOST: '127.0.0.1',
              DATA_DIR: path.join(root, `data-${name}`),
              DIST_DIR: distDir,
              DATABASE_URL: database.url,
              SMTP_URL: sink.url,
              SITE_URL: FIXTURE_SITE_URL,
              TRUST_PROXY: '1',
              RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
              STUDIO_SIGN_IN_MAX_PER_ACCOUNT: String(SIGN_IN_MAX_PER_ACCOUNT),
              // Windows are aligned to the clock: a day keeps a count from straddling two.
              RATE_LIMIT_WINDOW_MS: '86400000',
              STUDIO_SIGN_IN_WINDOW_MS: '86400000',
              CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
            },
            logFile,
          );
        }),
      );
      INSTANCES.forEach((name, index) => {
        const server = started[index];
        if (server !== undefined) servers.set(name, server);
      });
      nginx = await startNginxFront(
        root,
        started.map((server) => Number(new URL(server.url).port)),
      );
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
    });

    afterAll(async () => {
      nginx?.stop();
      await Promise.all([...servers.values()].map((server) => server.kill('SIGTERM')));
      await client?.end();
      await sink?.close();
      await database?.drop();
      await rm(root, { recursive: true, force: true });
    });

    const viaNginx = (
      localAddress: string,
      method: string,
      pathname: string,
      options: { body?: unknown; cookie?: string } = {},
    ): Promise<ViaNginx> =>
      requestViaNginx(nginx.httpsPort, {
        localAddress,
        method,
        path: pathname,
        body: options.body,
        headers: options.cookie === undefined ? {} : { cookie: options.cookie },
      });

    /** A studio request straight to one instance, as nginx would pass it on. */
    const direct = (
      name: (typeof INSTANCES)[number],
      method: string,
      pathname: string,
      cookie: string,
    ): Promise<Response> =>
      fetch(`${instance(name).url}${pathname}`, {
        method,
        headers: { origin: FIXTURE_SITE_URL, cookie },
      });

    /** A staff member added by the built CLI, their password set through nginx. */
    async function addStaff(localAddress: string): Promise<{ email: string; password: string }> {
      const email = `staff.${Date.now()}@studio.example`;
      const password = 'correct horse battery staple';
      const added = await runBuiltCli(['staff', 'add', email], {
        DATABASE_URL: database.url,
        SITE_URL: FIXTURE_SITE_URL,
        CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
      });
      const link = /https?:\/\/\S+#token=\S+/.exec(added.stdout)?.[0];
      expect(link, added.stderr).toBeDefined();
      const token = new URL(link ?? 'https://x').hash.slice('#token='.length);
      const welcome = await viaNginx(localAddress, 'POST', '/api/studio/welcome', {
        body: { token, password },
      });
      expect(welcome.status).toBe(200);
      return { email, password };
    }

    it('come up clean when started together on an empty database: one schema, no error in any log', async () => {
      const { rows } = await client.query<{ name: string }>('select name from kysely_migration');
      expect(rows.map((row) => row.name).sort()).toEqual([...MIGRATION_NAMES].sort());
      for (const name of INSTANCES) {
        expect(await troubleIn(logFiles.get(name) ?? ''), `instance ${name}`).toEqual([]);
      }
      // The retention purge ran on start-up; under its lock, on one instance at a time.
      const purges = await Promise.all(
        INSTANCES.map((name) =>
          instance(name).waitForLog(
            (entry) => String(entry.msg).startsWith('retention purge'),
            10_000,
          ),
        ),
      );
      expect(purges.filter((entry) => entry?.msg === 'retention purge').length).toBeGreaterThan(0);
    });

    it('a session signed in through nginx and signed out on A is refused on B and C', async () => {
      const staff = await addStaff('127.0.0.40');
      const signIn = await viaNginx('127.0.0.40', 'POST', '/api/studio/session', { body: staff });
      expect(signIn.status).toBe(200);
      const setCookie = [signIn.headers['set-cookie'] ?? []].flat()[0] ?? '';
      const cookie = setCookie.split(';')[0] ?? '';
      expect(cookie).toMatch(/^__Host-studio_session=.+/);
      for (const name of INSTANCES) {
        expect((await direct(name, 'GET', '/api/studio/me', cookie)).status).toBe(200);
      }

      expect((await direct('a', 'DELETE', '/api/studio/session', cookie)).status).toBe(204);

      expect((await direct('b', 'GET', '/api/studio/me', cookie)).status).toBe(401);
      expect((await direct('c', 'GET', '/api/studio/me', cookie)).status).toBe(401);
      expect((await viaNginx('127.0.0.40', 'GET', '/api/studio/me', { cookie })).status).toBe(401);
    });

    describe('limits hold across instances', () => {
      it(`the ${RATE_LIMIT_MAX + 1}th form post from one client, spread over the instances, gets 429`, async () => {
        const statuses: number[] = [];
        for (let count = 0; count <= RATE_LIMIT_MAX; count += 1) {
          const answer = await viaNginx('127.0.0.20', 'POST', CONTACT_ENDPOINT, {
            body: validEnquiry(),
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([...Array<number>(RATE_LIMIT_MAX).fill(201), 429]);
      });

      it('a challenge solution spent on A is spam on B and on C', async () => {
        const solution = await solvedChallenge();
        const statusOf = async (name: (typeof INSTANCES)[number]) => {
          const answer = await postJson(
            `${instance(name).url}${CONTACT_ENDPOINT}`,
            validEnquiry({ [ALTCHA_FIELD]: solution }),
          );
          expect(answer.status).toBe(201);
          const { rows } = await client.query<{ status: string }>(
            'select status from enquiries where id = $1',
            [idOf(answer.body)],
          );
          return rows[0]?.status;
        };
        expect(await statusOf('a')).not.toBe('spam');
        expect(await statusOf('b')).toBe('spam');
        expect(await statusOf('c')).toBe('spam');
      });

      it(`the ${SIGN_IN_MAX_PER_ACCOUNT + 1}th wrong password for one account, spread over the instances, gets 429`, async () => {
        const staff = await addStaff('127.0.0.30');
        const statuses: number[] = [];
        for (let count = 0; count <= SIGN_IN_MAX_PER_ACCOUNT; count += 1) {
          const answer = await viaNginx('127.0.0.30', 'POST', '/api/studio/session', {
            body: { email: staff.email, password: 'not the password at all' },
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([...Array<number>(SIGN_IN_MAX_PER_ACCOUNT).fill(401), 429]);
      });
    });

    // Last: it leaves two instances running.
    it('one instance killed with SIGKILL mid-load loses nothing acknowledged, and the others keep serving', async () => {
      const victim = instance('b');
      const acknowledged: string[] = [];
      const refused: number[] = [];
      let next = 0;
      let killedAt: number | null = null;
      const sender = async (): Promise<void> => {
        while (next < LOAD_POSTS) {
          const index = next++;
          const answer = await viaNginx(
            `127.0.1.${1 + (index % LOAD_ADDRESSES)}`,
            'POST',
            CONTACT_ENDPOINT,
            { body: validEnquiry({ message: `Load through nginx, number ${index}.` }) },
          ).catch(() => ({ status: 0, body: '' }));
          if (answer.status === 201) {
            acknowledged.push(idOf(JSON.parse(answer.body)));
          } else {
            refused.push(answer.status);
          }
          if (killedAt === null && acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) {
            killedAt = acknowledged.length;
            void victim.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, sender));
      servers.delete('b');
      expect(await victim.exited).toBeNull();

      // Only what was in flight on the victim when it died may have failed, as a 502.
      expect(refused.length).toBeLessThanOrEqual(LOAD_CONCURRENCY);
      expect(refused.filter((status) => status !== 502)).toEqual([]);
      expect(acknowledged.length).toBe(LOAD_POSTS - refused.length);
      const { rows } = await client.query<{ id: string }>(
        'select id from enquiries where id = any($1)',
        [acknowledged],
      );
      expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());

      // The survivors take every request from now on, both of them.
      const requestsServedBy = (name: 'a' | 'c') =>
        instance(name).logs.filter((entry) => entry.msg === 'request').length;
      const servedBefore = { a: requestsServedBy('a'), c: requestsServedBy('c') };
      for (let count = 0; count < 20; count += 1) {
        const answer = await viaNginx(`127.0.2.${1 + count}`, 'POST', CONTACT_ENDPOINT, {
          body: validEnquiry(),
        });
        expect(answer.status).toBe(201);
      }
      for (const name of ['a', 'c'] as const) {
        expect(requestsServedBy(name), `instance ${name}`).toBeGreaterThan(servedBefore[name]);
        expect(await troubleIn(logFiles.get(name) ?? ''), `instance ${name}`).toEqual([]);
      }
    }, 120_000);
  },
);
