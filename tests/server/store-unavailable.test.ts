import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../common/contact';
import { openStore } from '../../server/store/open-store';
import { openPostgresStore } from '../../server/store/postgres-store';
import { openSqliteStore, SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import { StoreUnavailableError } from '../../server/store/db/store-unavailable-error';
import type { NewEnquiry } from '../../server/store/enquiries/enquiry-types';
import type { Store } from '../../server/store/store';
import { readTestDatabaseUrl } from './helpers/backends';
import { createPostgresDatabase } from '../support/postgres-database';
import { startTcpProxy } from './helpers/tcp-proxy';

const message: ContactMessage = {
  name: 'Ann Lee',
  email: 'ann@example.com',
  service: 'Packaging Design',
  message: 'Hello',
};
const enquiry: NewEnquiry = {
  message,
  isSpam: false,
  clientIp: '203.0.113.7',
  userAgent: null,
  idempotency: null,
};

describe('SQLite store when the database cannot be written', () => {
  let dataDir: string;
  let store: Store | null = null;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ember-unavailable-'));
  });
  afterEach(async () => {
    await store?.close();
    store = null;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reports a lock held past the busy timeout as unavailable, then recovers', async () => {
    store = await openSqliteStore({ dataDir, busyTimeoutMs: 100 });
    const otherProcess = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
    otherProcess.exec('begin immediate');

    await expect(store.saveEnquiry(enquiry)).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.subscribe('ann@example.com')).rejects.toBeInstanceOf(StoreUnavailableError);

    otherProcess.exec('commit');
    otherProcess.close();
    await expect(store.saveEnquiry(enquiry)).resolves.toMatchObject({ kind: 'created' });
    expect(await store.listEnquiries()).toHaveLength(1);
  });

  it('answers an enquiry still waiting to be written when the store closes as unavailable', async () => {
    store = await openSqliteStore({ dataDir });
    const waiting = store.saveEnquiry(enquiry);
    // Handled before the close, which takes a few turns (it stops the checkpoint worker too),
    // so the refusal is never left unhandled meanwhile.
    const refused = expect(waiting).rejects.toBeInstanceOf(StoreUnavailableError);
    await store.close();
    await refused;
    store = null;
  });

  it('refuses to open where no database file can be created', async () => {
    const notADirectory = path.join(dataDir, 'occupied');
    await writeFile(notADirectory, 'a file, not a directory');
    const opening = openStore({ dataDir: notADirectory });
    await expect(opening).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(opening).rejects.toThrow(notADirectory);
  });
});

const postgresUrl = readTestDatabaseUrl();

describe.skipIf(postgresUrl === undefined)('PostgreSQL store when the server goes away', () => {
  it('reports lost and refused connections as unavailable, then recovers by itself', async () => {
    const database = await createPostgresDatabase(postgresUrl ?? '');
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const logged: string[] = [];
    const store = await openPostgresStore({
      connectionString: viaProxy.href,
      connectTimeoutMs: 2000,
      log: (line) => logged.push(line),
    });
    try {
      await expect(store.saveEnquiry(enquiry)).resolves.toMatchObject({ kind: 'created' });

      await proxy.cut();
      await expect(store.saveEnquiry(enquiry)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.claimDueEmails(5, 1000)).rejects.toBeInstanceOf(StoreUnavailableError);

      await proxy.restore();
      await expect(store.ping()).resolves.toBeUndefined();
      await expect(store.saveEnquiry(enquiry)).resolves.toMatchObject({ kind: 'created' });
      expect(await store.listEnquiries()).toHaveLength(2);
    } finally {
      await store.close();
      await proxy.cut();
      await database.drop();
    }
  });

  it('refuses to open when nothing listens', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: 1 });
    const port = proxy.port;
    await proxy.cut();
    await expect(
      openPostgresStore({ connectionString: `postgres://ember:ember@127.0.0.1:${port}/none` }),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
