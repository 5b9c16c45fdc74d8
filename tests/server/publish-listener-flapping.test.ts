import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_PUBLISHED_CHANNEL } from '../../server/store/site/publish-document';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { readTestDatabaseUrl } from './helpers/backends';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';

const adminUrl = readTestDatabaseUrl();
/** A database (or a proxy in front of it) that drops the listener's idle connection every second. */
const DROPS = 15;
const DROP_EVERY_MS = 1_000;
/**
 * Reconnecting at once after each drop would meet all 15; backing off (250 ms, doubling, with
 * jitter, reset only once a connection lasted) meets at most 7 of them.
 */
const MOST_RECONNECTIONS = 8;

describe.skipIf(adminUrl === undefined)(
  'the publish listener on a database that drops its connection every second',
  () => {
    let root: string;
    let database: PostgresDatabase;
    let server: ServerProcess;
    let client: pg.Client;

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'ember-flapping-'));
      database = await createPostgresDatabase(adminUrl ?? '');
      server = await startServerProcess(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: path.join(root, 'data'),
          DIST_DIR: await writeFixtureSite(root),
          DATABASE_URL: database.url,
          SITE_URL: FIXTURE_SITE_URL,
          CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
        },
        path.join(root, 'server.log'),
      );
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
    });

    afterAll(async () => {
      await server?.kill('SIGTERM');
      await client?.end();
      await database?.drop();
      await rm(root, { recursive: true, force: true });
    });

    it('backs off instead of reconnecting at every drop, and says so once', async () => {
      let reconnections = 0;
      for (let drop = 0; drop < DROPS; drop += 1) {
        const { rowCount } = await client.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query = $1`,
          [`LISTEN ${SITE_PUBLISHED_CHANNEL}`],
        );
        reconnections += rowCount ?? 0;
        await new Promise((resolve) => setTimeout(resolve, DROP_EVERY_MS));
      }
      const lost = server.logs.filter(
        (entry) => entry.msg === 'lost the publish notifications; reconnecting',
      );
      console.info(
        `${DROPS} drops, one a second: the listener was met by ${reconnections} of them; ${lost.length} log line(s)`,
      );
      expect(reconnections).toBeGreaterThan(1);
      expect(reconnections).toBeLessThanOrEqual(MOST_RECONNECTIONS);
      expect(lost).toHaveLength(1);
      // Still serving, and listening again once the drops stop (the longest pause is 10 s).
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const deadline = Date.now() + 12_000;
      let isListening = false;
      while (!isListening && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const { rowCount } = await client.query(
          `select 1 from pg_stat_activity where datname = current_database() and query = $1`,
          [`LISTEN ${SITE_PUBLISHED_CHANNEL}`],
        );
        isListening = (rowCount ?? 0) > 0;
      }
      expect(isListening).toBe(true);
    });
  },
);
