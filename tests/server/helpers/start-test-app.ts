import BetterSqlite3 from 'better-sqlite3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readServerConfig, type Config } from '../../../server/config';
import type { LogFields, LogLevel } from '../../../server/log';
import { startServices } from '../../../server/start-services';
import { loadSite } from '../../../server/static/load-site';
import { SQLITE_FILE_NAME } from '../../../server/store/sqlite-store';
import type { Store } from '../../../server/store/store';
import * as z from 'zod/mini';
import type { Backend } from './backends';
import { TEST_CHALLENGE_SECRET } from '../../support/challenge-solver';
import { renderFixtureSite } from './fixture-render';
import { writeFixtureSite } from './fixture-site';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { createPostgresDatabase } from '../../support/postgres-database';
import { startTcpProxy } from './tcp-proxy';

export type LogEntry = { level: LogLevel; msg: string } & LogFields;

/** Every access log line must be exactly this JSON object. */
const RequestLineSchema = z.strictObject({
  time: z.iso.datetime(),
  level: z.literal('info'),
  msg: z.literal('request'),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  ms: z.number(),
  aborted: z.optional(z.literal(true)),
});

export type TestApp = {
  url: string;
  config: Config;
  store: Store;
  smtp: SmtpSink;
  logs: LogEntry[];
  /**
   * Takes the database away for real: PostgreSQL connections are cut at a TCP relay; the SQLite
   * file is write-locked by another connection (writes then wait out the busy timeout, 5 s).
   * Returns a function that brings it back.
   */
  breakDatabase(): Promise<() => Promise<void>>;
  /** Writes what the audience has counted so far; resolves once it is in the store. */
  flushAudience(): Promise<void>;
  close(): Promise<void>;
};

type Database = {
  env: Record<string, string>;
  breakDatabase(dataDir: string): Promise<() => Promise<void>>;
  dispose(): Promise<void>;
};

function lockSqlite(dataDir: string): Promise<() => Promise<void>> {
  const rival = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  rival.exec('begin exclusive');
  return Promise.resolve(() => {
    rival.exec('rollback');
    rival.close();
    return Promise.resolve();
  });
}

/** A fresh PostgreSQL database per app, reached through a relay that a test can cut. */
async function preparePostgres(adminUrl: string): Promise<Database> {
  const database = await createPostgresDatabase(adminUrl);
  const target = new URL(database.url);
  const relay = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaRelay = new URL(database.url);
  viaRelay.hostname = '127.0.0.1';
  viaRelay.port = String(relay.port);
  return {
    env: { DATABASE_URL: viaRelay.href },
    async breakDatabase() {
      await relay.cut();
      return relay.restore;
    },
    async dispose() {
      await relay.cut();
      await database.drop();
    },
  };
}

function prepareSqlite(): Database {
  return { env: {}, breakDatabase: lockSqlite, dispose: () => Promise.resolve() };
}

/** Storage that outlives the app: another instance's, or the one a restart comes back to. */
export type SharedStorage = { dataDir: string } | { databaseUrl: string };

function prepareShared(storage: SharedStorage): Database {
  return {
    env:
      'dataDir' in storage ? { DATA_DIR: storage.dataDir } : { DATABASE_URL: storage.databaseUrl },
    breakDatabase: () => Promise.reject(new Error('A shared database is not broken by one app.')),
    dispose: () => Promise.resolve(),
  };
}

/** Storage kept across apps (a restart, a second instance), and the way to remove it after. */
export type KeptStorage = { storage: SharedStorage; remove(): Promise<void> };

/** A fresh PostgreSQL database or SQLite folder that outlives the apps started on it. */
export async function createKeptStorage(backend: Backend): Promise<KeptStorage> {
  if (backend.databaseUrl !== undefined) {
    const database = await createPostgresDatabase(backend.databaseUrl);
    return { storage: { databaseUrl: database.url }, remove: () => database.drop() };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ember-kept-'));
  return { storage: { dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/**
 * The real application on 127.0.0.1:0: the fixture build and its renderer, a store in a
 * temporary DATA_DIR (or the test PostgreSQL), the outbox worker and a real SMTP server
 * receiving its emails. With `storage`, the app uses that instead and leaves it in place when
 * it closes.
 */
export async function startTestApp(
  backend: Backend,
  env: Record<string, string> = {},
  options: {
    now?: () => number;
    distDir?: string;
    /** Render `/` as the server does in production, with distDir's own SSR bundle. */
    rendersWithBuild?: boolean;
    storage?: SharedStorage;
    /** How often the app checks for a publish it was not notified of (PostgreSQL). */
    reconcileIntervalMs?: number;
    /** How often the app looks for a scheduled publish that is due. */
    scheduleIntervalMs?: number;
    /** How often bookings are written to the calendar (CALDAV_URL), and when retried. */
    calendarSync?: Parameters<typeof startServices>[0]['calendarSync'];
  } = {},
): Promise<TestApp> {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-http-'));
  const smtp = await startSmtpSink();
  const database =
    options.storage !== undefined
      ? prepareShared(options.storage)
      : backend.databaseUrl === undefined
        ? prepareSqlite()
        : await preparePostgres(backend.databaseUrl);
  const distDir = options.distDir ?? (await writeFixtureSite(root));
  const config = readServerConfig({
    DATA_DIR: path.join(root, 'data'),
    DIST_DIR: distDir,
    CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
    SMTP_URL: smtp.url,
    SITE_URL: 'https://emberandink.example',
    RATE_LIMIT_MAX: '1000',
    // Every test books from 127.0.0.1: the per-client cap is tested where it is set.
    BOOKING_CALLS_PER_CLIENT: '1000',
    PORT: '0',
    HOST: '127.0.0.1',
    ...database.env,
    ...env,
  });
  const logs: LogEntry[] = [];
  const log = (level: LogLevel, msg: string, fields?: LogFields): void => {
    logs.push({ level, msg, ...fields });
  };
  const site = await loadSite(distDir, { isHttps: config.isHttps });
  const services = await startServices({
    config,
    site,
    log,
    writeAccessLine: (line) => logs.push(RequestLineSchema.parse(JSON.parse(line))),
    now: options.now,
    renderSite: options.rendersWithBuild === true ? undefined : renderFixtureSite,
    reconcileIntervalMs: options.reconcileIntervalMs,
    scheduleIntervalMs: options.scheduleIntervalMs,
    calendarSync: options.calendarSync,
  });
  let isClosed = false;
  return {
    url: services.url,
    config,
    store: services.store,
    smtp,
    logs,
    breakDatabase: () => database.breakDatabase(config.dataDir),
    flushAudience: () => services.flushAudience(),
    async close() {
      if (isClosed) return;
      isClosed = true;
      await services.stop(1_000);
      await smtp.close();
      await database.dispose();
      await rm(root, { recursive: true, force: true });
    },
  };
}
