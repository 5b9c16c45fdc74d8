import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../../../tests/server/helpers/backends';
import {
  createPostgresDatabase,
  type PostgresDatabase,
} from '../../../tests/support/postgres-database';
import { purgeExpired } from '../../privacy/purge-expired';
import { ADVISORY_LOCK_KEYS, type AdvisoryLock } from './advisory-locks';
import { MIGRATION_NAMES } from '../migrate-to-latest';
import { openPostgresStore } from '../postgres-store';
import type { Store } from '../store';

const adminUrl = readTestDatabaseUrl();
const DAY_MS = 24 * 60 * 60 * 1000;
const POLICY = { enquiryDays: 730, spamDays: 30, auditDays: 365, audienceRawDays: 31 };

/** Another instance, as far as PostgreSQL can tell: its own connection holding `lock`. */
async function holdLock(url: string, lock: AdvisoryLock): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('select pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEYS[lock]]);
  return client;
}

async function tablesIn(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public'",
  );
  return rows.map((row) => row.name).sort();
}

/** True once some session waits for `lock` (asked, not granted). */
async function isAwaited(client: pg.Client, lock: AdvisoryLock): Promise<boolean> {
  const { rows } = await client.query(
    "select 1 from pg_locks where locktype = 'advisory' and objid = $1 and not granted",
    [ADVISORY_LOCK_KEYS[lock]],
  );
  return rows.length > 0;
}

describe.skipIf(adminUrl === undefined)('instances sharing one PostgreSQL', () => {
  let database: PostgresDatabase;
  let observer: pg.Client;
  const stores: Store[] = [];

  beforeEach(async () => {
    database = await createPostgresDatabase(adminUrl ?? '');
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
  });

  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await observer.end();
    await database.drop();
  });

  const open = async (): Promise<Store> => {
    const store = await openPostgresStore({ connectionString: database.url });
    stores.push(store);
    return store;
  };

  it('three opened at the same moment on an empty database all open, and each migration runs once', async () => {
    const opened = await Promise.allSettled([open(), open(), open()]);

    expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    const { rows } = await observer.query<{ name: string }>('select name from kysely_migration');
    expect(rows.map((row) => row.name).sort()).toEqual([...MIGRATION_NAMES].sort());
  });

  it('a starting instance creates nothing, not even the migrator’s own tables, while another holds the start-up lock', async () => {
    const other = await holdLock(database.url, 'startUp');
    const starting = open();
    await expect.poll(() => isAwaited(observer, 'startUp')).toBe(true);
    expect(await tablesIn(observer)).toEqual([]);

    await other.query('commit');
    await other.end();
    await starting;
    expect(await tablesIn(observer)).toContain('kysely_migration');
    expect(await tablesIn(observer)).toContain('enquiries');
  });

  it('skips the retention purge while another instance holds the purge lock, and purges after', async () => {
    const store = await open();
    await store.auth.recordAudit({
      at: new Date(Date.now() - 400 * DAY_MS),
      event: 'sign_in',
      email: 'ann@studio.example',
      ip: null,
      detail: null,
    });
    const other = await holdLock(database.url, 'retentionPurge');

    expect(await purgeExpired(store, '/nonexistent', POLICY, new Date())).toBeNull();
    expect(await store.auth.listAudit(10)).toHaveLength(1);

    await other.query('commit');
    await other.end();
    expect(await purgeExpired(store, '/nonexistent', POLICY, new Date())).toMatchObject({
      auditEntries: 1,
    });
    expect(await store.auth.listAudit(10)).toEqual([]);
  });
});
