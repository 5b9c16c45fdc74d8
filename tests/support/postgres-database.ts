import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** A database of its own on a PostgreSQL server, and the way to drop it again. */
export type PostgresDatabase = { url: string; drop(): Promise<void> };

/**
 * Creates a fresh database on the server behind `adminUrl`, named `prefix` and a random suffix,
 * so concurrent test runs and benchmarks never collide.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'ember_test',
): Promise<PostgresDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
