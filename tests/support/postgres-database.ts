import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL's insufficient_privilege. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Drops the database, closing its connections. On a busy shared server a backend of another
 * role may be on it for a moment (one that a role without superuser may not end), and the drop
 * is refused with insufficient_privilege until it leaves: the drop is tried until it passes.
 */
async function dropWhenAllowed(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (code !== INSUFFICIENT_PRIVILEGE || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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
      try {
        await dropWhenAllowed(client, name);
      } finally {
        await client.end();
      }
    },
  };
}
