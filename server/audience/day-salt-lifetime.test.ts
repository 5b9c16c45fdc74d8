import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../../tests/server/helpers/backends';
import { createPostgresDatabase } from '../../tests/support/postgres-database';
import { openPostgresStore } from '../store/postgres-store';
import { openSqliteStore, SQLITE_FILE_NAME } from '../store/sqlite-store';
import type { Store } from '../store/store';
import { createAudience } from './audience';

const DAY = '2026-11-26';
const MORNING = Date.parse('2026-11-26T08:00:00.000Z');
const LAST_MOMENT = Date.parse('2026-11-26T23:59:59.999Z');
const MIDNIGHT = Date.parse('2026-11-27T00:00:00.000Z');

type Row = Record<string, unknown>;

/** A store, and a way to read its tables from outside it, as an operator could. */
type Subject = { store: Store; query(sql: string): Promise<Row[]>; dispose(): Promise<void> };

async function openSqliteSubject(): Promise<Subject & { files: string[] }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-salt-'));
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const store = await openSqliteStore({ dataDir });
  return {
    store,
    files: [file, `${file}-wal`],
    query(sql) {
      // Opened for each read and closed at once: an open reader would hold the WAL back.
      const reader = new BetterSqlite3(file, { readonly: true });
      try {
        return Promise.resolve(reader.prepare<[], Row>(sql).all());
      } finally {
        reader.close();
      }
    },
    async dispose() {
      await store.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgresSubject(adminUrl: string): Promise<Subject> {
  const database = await createPostgresDatabase(adminUrl);
  const store = await openPostgresStore({ connectionString: database.url });
  const reader = new pg.Client({ connectionString: database.url });
  await reader.connect();
  return {
    store,
    query: async (sql) => (await reader.query<Row>(sql)).rows,
    async dispose() {
      await reader.end();
      await store.close();
      await database.drop();
    },
  };
}

/** A person's page request as the pipeline hands it to the view counter. */
function pageRequest(): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = '/';
  request.headers = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0' };
  return request;
}

const postgresUrl = readTestDatabaseUrl();
const backends = [
  { name: 'SQLite', open: openSqliteSubject },
  ...(postgresUrl === undefined
    ? []
    : [{ name: 'PostgreSQL', open: () => openPostgresSubject(postgresUrl) }]),
];

describe.each(backends)('the day salt on $name', ({ open }) => {
  let subject: Subject;
  let clock: number;
  const now = () => new Date(clock);
  const salts = () => subject.query('select day, salt from audience_salts');

  beforeEach(async () => {
    subject = await open();
  });
  afterEach(() => subject.dispose());

  it('lasts its day and is deleted at midnight with no visitor, never to be created again', async () => {
    const { audience } = subject.store;
    clock = MORNING;
    const salt = await audience.readDaySalt(DAY, now);
    expect(await audience.readDaySalt(DAY, now)).toBe(salt);
    clock = LAST_MOMENT;
    expect(await audience.purgeDaySalts(now)).toBe(0);
    expect(await salts()).toEqual([{ day: DAY, salt }]);

    clock = MIDNIGHT;
    expect(await audience.purgeDaySalts(now)).toBe(1);
    expect(await salts()).toEqual([]);
    expect(await audience.readDaySalt(DAY, now)).toBeNull();
    expect(await salts()).toEqual([]);
    // A second instance's purge, a moment later, finds nothing and does not fail.
    expect(await audience.purgeDaySalts(now)).toBe(0);
  });

  it('counts a view batched before midnight and written after it, without a visitor', async () => {
    clock = LAST_MOMENT - 1000;
    const audience = createAudience({
      audience: subject.store.audience,
      proxies: { trustProxy: 0, isTrustedProxy: () => false },
      ownHost: 'emberandink.example',
      servedRevision: () => null,
      meter: { taken: () => undefined, dropped: () => undefined },
      log: () => undefined,
      now: () => clock,
    });
    audience.see(pageRequest(), 200);
    await audience.flush();
    expect(await salts()).toHaveLength(1);

    clock = LAST_MOMENT;
    audience.see(pageRequest(), 200);
    clock = MIDNIGHT;
    await subject.store.audience.purgeDaySalts(now);
    await audience.flush();

    expect(await salts()).toEqual([]);
    const views = await subject.query('select day, visitor from audience_views order by id');
    // The first view is hashed with the day's salt; the late one is a visit of its own.
    expect(views.map((view) => [view.day, typeof view.visitor])).toEqual([
      [DAY, 'string'],
      [DAY, 'object'],
    ]);
    expect(views[1]?.visitor).toBeNull();
  });
});

describe('the day salt in the SQLite files', () => {
  let subject: Awaited<ReturnType<typeof openSqliteSubject>>;
  beforeEach(async () => {
    subject = await openSqliteSubject();
  });
  afterEach(() => subject.dispose());

  const holdSalt = (salt: string): boolean[] =>
    subject.files.map((file) => readFileSync(file).includes(salt));

  it('leaves none of its bytes in the database file or the WAL once purged', async () => {
    const { audience } = subject.store;
    const salt = await audience.readDaySalt(DAY, () => new Date(MORNING));
    if (salt === null) throw new Error('The day has a salt during the day');
    // The search can find it: it is written, in the WAL or copied into the file.
    expect(holdSalt(salt)).toContain(true);

    await audience.purgeDaySalts(() => new Date(MIDNIGHT));
    expect(holdSalt(salt)).toEqual([false, false]);
  });
});
