import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../../../tests/server/helpers/backends';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../../../tests/support/postgres-database';
import { logPoolOutages } from './pool-outage-log';

const adminUrl = readTestDatabaseUrl();
const CONNECTIONS = 5;

describe.skipIf(adminUrl === undefined)('lost PostgreSQL connections in the log', () => {
  let database: PostgresDatabase;
  let pool: pg.Pool;
  const lines: string[] = [];

  /** What a restart does to the pool: PostgreSQL ends every connection to the database. */
  async function dropEveryConnection(): Promise<void> {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    await expect.poll(() => pool.totalCount).toBe(0);
  }

  /** Fills the pool with idle connections, as after a burst of requests. */
  async function fillPool(): Promise<void> {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, () => pool.query('select pg_sleep(0.05)')),
    );
    expect(pool.idleCount).toBe(CONNECTIONS);
  }

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl ?? '');
    pool = new pg.Pool({ connectionString: database.url, max: CONNECTIONS });
    logPoolOutages(pool, (line) => lines.push(line));
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('says once per outage that the connections were lost, and once that they are back', async () => {
    await fillPool();
    expect(lines).toEqual([]);

    await dropEveryConnection();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^PostgreSQL connection lost: /);

    await fillPool();
    expect(lines.slice(1)).toEqual(['PostgreSQL connection made again']);

    await dropEveryConnection();
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^PostgreSQL connection lost: /);
  });
});
