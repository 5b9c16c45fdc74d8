import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { holdWal } from './helpers/hold-wal';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  canMountTmpfs,
  canSetImmutable,
  makeImmutable,
  mountSmallDisk,
  type SmallDisk,
} from './sqlite-sabotage';

const [sqlite, postgres] = BACKENDS;
if (sqlite === undefined || postgres === undefined) throw new Error('Both backends are listed');

const hasTmpfs = canMountTmpfs();
const hasImmutable = canSetImmutable();
if (!hasTmpfs) {
  console.warn('\n!!! SKIPPING the "disk full" store fault: this process may not mount a tmpfs.\n');
}
if (!hasImmutable) {
  console.warn('\n!!! SKIPPING the "read-only" store fault: chattr +i is refused here.\n');
}

const FAULT_TIMEOUT_MS = 60_000;

/**
 * Every write the API makes answers 503 with Retry-After and `error` (a full disk is named as
 * such); expectRecovered checks none was kept.
 */
async function expectUnavailable(
  app: TestApp,
  label: string,
  error: 'store_unavailable' | 'storage_full' = 'store_unavailable',
): Promise<void> {
  const attempts: [string, unknown][] = [
    [CONTACT_ENDPOINT, validEnquiry({ message: `Refused while ${label}` })],
    [NEWSLETTER_ENDPOINT, { email: `refused.${label.replaceAll(' ', '-')}@example.com` }],
    [CONTACT_ENDPOINT, validEnquiry({ message: `Refused again while ${label}` })],
  ];
  for (const [endpoint, body] of attempts) {
    const response = await postJson(`${app.url}${endpoint}`, body);
    expect(response.status, `${endpoint} while ${label}`).toBe(503);
    expect(response.body).toEqual({ success: false, error });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toBe('no-store');
  }
  expect(app.logs.some((entry) => entry.msg === 'store unavailable')).toBe(true);
  expect(app.logs.some((entry) => entry.level === 'error' && entry.msg === 'unhandled error')).toBe(
    false,
  );
}

/** Without a restart: the next enquiry is stored and emailed, the next sign-up stored. */
async function expectRecovered(app: TestApp): Promise<void> {
  const created = await postJson(
    `${app.url}${CONTACT_ENDPOINT}`,
    validEnquiry({ message: 'After recovery' }),
  );
  expect(created.status).toBe(201);
  const id = idOf(created.body);
  await app.smtp.waitFor((mail) => mail.text?.includes(id) ?? false);
  const signup = await postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, {
    email: 'after.recovery@example.com',
  });
  expect(signup.status).toBe(200);

  const rows = await app.store.listEnquiries({ limit: 100_000 });
  expect(rows.filter((row) => row.message.startsWith('Refused'))).toEqual([]);
  expect(app.smtp.messages.filter((mail) => mail.text?.includes('Refused'))).toEqual([]);
  expect((await app.store.listSubscribers()).map((row) => row.email)).toEqual([
    'after.recovery@example.com',
  ]);
}

function expectIntact(app: TestApp): void {
  const database = new BetterSqlite3(path.join(app.config.dataDir, SQLITE_FILE_NAME), {
    readonly: true,
  });
  try {
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    database.close();
  }
}

describe('store faults (sqlite)', () => {
  let app: TestApp | null = null;
  let disk: SmallDisk | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
    disk?.unmount();
    disk = null;
  });

  it.skipIf(!hasTmpfs)(
    'disk full: a filled file system gives SQLITE_FULL → 503, and 201 once space is freed',
    async () => {
      disk = mountSmallDisk(4 * 1024 * 1024);
      app = await startTestApp(sqlite, { DATA_DIR: disk.dir });
      expect((await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry())).status).toBe(201);
      const releaseWal = holdWal(path.join(disk.dir, SQLITE_FILE_NAME));
      try {
        disk.fill();
        await expectUnavailable(app, 'the disk is full', 'storage_full');
      } finally {
        releaseWal();
      }
      disk.free();
      await expectRecovered(app);
      expectIntact(app);
    },
    FAULT_TIMEOUT_MS,
  );

  it.skipIf(!hasImmutable)(
    'read-only: immutable database files refuse writes even to root → 503, then 201',
    async () => {
      app = await startTestApp(sqlite);
      expect((await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry())).status).toBe(201);
      const restore = makeImmutable(path.join(app.config.dataDir, SQLITE_FILE_NAME));
      try {
        await expectUnavailable(app, 'the files are read-only');
      } finally {
        restore();
      }
      await expectRecovered(app);
      expectIntact(app);
    },
    FAULT_TIMEOUT_MS,
  );

  it(
    'locked: another connection holds the write lock past the busy timeout → 503, then 201',
    async () => {
      app = await startTestApp(sqlite);
      const unlock = await app.breakDatabase();
      try {
        await expectUnavailable(app, 'another process holds the lock');
      } finally {
        await unlock();
      }
      await expectRecovered(app);
      expectIntact(app);
    },
    FAULT_TIMEOUT_MS,
  );
});

describe.skipIf(isUnavailable(postgres))('store faults (postgres)', () => {
  let app: TestApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it(
    'stopped: connections refused → 503 and /readyz 503; back → 201 and /readyz 200',
    async () => {
      app = await startTestApp(postgres);
      expect((await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry())).status).toBe(201);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);

      const restore = await app.breakDatabase();
      try {
        await expectUnavailable(app, 'PostgreSQL is stopped');
        const ready = await fetch(`${app.url}/readyz`);
        expect(ready.status).toBe(503);
        expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      } finally {
        await restore();
      }
      await expect.poll(async () => (await fetch(`${app?.url}/readyz`)).status).toBe(200);
      await expectRecovered(app);
    },
    FAULT_TIMEOUT_MS,
  );
});
