import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import type { EnquiryPage } from '../common/studio-inbox';
import { createStudioFormat } from '../common/studio-format';
import type { AppEnv } from '../server/http/app-env';
import { startHttpServer } from '../server/http/start-http-server';
import { openStore } from '../server/store/open-store';
import { createInboxRoutes } from '../server/studio/inbox/inbox-routes';
import { createStudioResponder } from '../server/studio/studio-responses';
import { createPostgresDatabase } from '../tests/support/postgres-database';
import { COMMON_DOMAIN, RARE_SURNAME, seedPostgres, seedSqlite } from './inbox-seed';

export const SEARCH_ENQUIRIES = 100_000;
const WARM_UP = 5;
const MEASURED = 40;

export type SearchScenario = {
  name: string;
  /** The query string of GET /api/studio/leads. */
  query: string;
  isSearch: boolean;
  medianMs: number;
  p95Ms: number;
  /** Items on the page the route answered with. */
  items: number;
};

export type SearchBackendResult = {
  backend: 'sqlite' | 'postgres';
  enquiries: number;
  seedSeconds: number;
  scenarios: SearchScenario[];
};

function percentile(sorted: number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const SCENARIOS: { name: string; query: string; isSearch: boolean }[] = [
  { name: 'inbox, first page', query: '', isSearch: false },
  { name: 'archived, first page', query: 'status=archived', isSearch: false },
  { name: 'one service', query: 'service=Packaging%20Design', isSearch: false },
  { name: 'common word', query: 'q=brand', isSearch: true },
  { name: 'two-letter prefix', query: 'q=br', isSearch: true },
  { name: 'two words', query: 'q=logo%20refresh', isSearch: true },
  { name: 'rare surname', query: `q=${RARE_SURNAME.toLowerCase()}`, isSearch: true },
  { name: 'email domain', query: `q=${COMMON_DOMAIN}&status=archived`, isSearch: true },
  {
    name: 'word + status + service',
    query: 'q=coffee&status=archived&service=Brand%20Strategy',
    isSearch: true,
  },
  { name: 'no match', query: 'q=zzzqxv', isSearch: true },
];

async function timeRequest(url: string): Promise<{ ms: number; page: EnquiryPage }> {
  const started = performance.now();
  const response = await fetch(url);
  const page = (await response.json()) as EnquiryPage;
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return { ms, page };
}

async function measureScenario(
  base: string,
  query: string,
): Promise<Omit<SearchScenario, 'name' | 'isSearch'>> {
  const url = `${base}/api/studio/leads${query === '' ? '' : `?${query}`}`;
  for (let run = 0; run < WARM_UP; run += 1) await timeRequest(url);
  const times: number[] = [];
  let items = 0;
  for (let run = 0; run < MEASURED; run += 1) {
    const { ms, page } = await timeRequest(url);
    times.push(ms);
    items = page.items.length;
  }
  const sorted = times.sort((a, b) => a - b);
  return { query, medianMs: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), items };
}

/** The 40th page of the inbox, reached by following nextCursor from the first. */
async function deepCursor(base: string): Promise<string> {
  let cursor: string | null = null;
  for (let page = 1; page < 40; page += 1) {
    const url: string = `${base}/api/studio/leads?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`;
    cursor = (await timeRequest(url)).page.nextCursor;
    if (cursor === null) throw new Error('The inbox ran out of pages');
  }
  return cursor ?? '';
}

async function measureBackend(
  backend: 'sqlite' | 'postgres',
  options: { dataDir: string; databaseUrl: string | null },
  seed: () => Promise<void> | void,
): Promise<SearchBackendResult> {
  // Migrate first (the store does it at open), then seed what the migration created.
  const migrated = await openStore(options);
  await migrated.close();
  const seedStarted = performance.now();
  await seed();
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const store = await openStore(options);
  const app = new Hono<AppEnv>();
  app.route(
    '/api/studio',
    createInboxRoutes({
      inbox: store,
      attributions: store.audience,
      respond: createStudioResponder({}),
      securityHeaders: {},
      nudgeOutbox: () => undefined,
      timeZone: 'UTC',
      readStudioFormat: () =>
        Promise.resolve(createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'UTC' })),
      listContext: () => ({
        me: 'bench@example.com',
        today: new Date().toISOString().slice(0, 10),
      }),
      now: Date.now,
      bodyLimitBytes: 32_768,
      leads: store.leads,
      people: store.people,
      // The benchmark only reads the inbox.
      changeLead: () => Promise.resolve(new Response(null, { status: 405 })),
      canVerifySenders: false,
      bookings: store.bookings,
    }),
  );
  const answer = getRequestListener(app.fetch);
  const server = await startHttpServer({
    listener: (request, response) => void answer(request, response),
    port: 0,
    host: '127.0.0.1',
  });
  try {
    const scenarios: SearchScenario[] = [];
    for (const scenario of SCENARIOS) {
      scenarios.push({ ...scenario, ...(await measureScenario(server.url, scenario.query)) });
    }
    const cursor = await deepCursor(server.url);
    scenarios.push({
      name: 'inbox, page 40 (cursor)',
      isSearch: false,
      ...(await measureScenario(server.url, `limit=100&cursor=${cursor}`)),
    });
    return { backend, enquiries: SEARCH_ENQUIRIES, seedSeconds, scenarios };
  } finally {
    await server.close(1_000);
    await store.close();
  }
}

/**
 * 100,000 enquiries in a temporary SQLite file (and a temporary PostgreSQL database when
 * TEST_DATABASE_URL is set), then list pages and searches through GET /api/studio/leads
 * over real HTTP, one request at a time: median and p95 of 40 requests after 5 warm-ups.
 */
export async function measureInboxSearch(
  progress: (message: string) => void,
): Promise<SearchBackendResult[]> {
  const results: SearchBackendResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-inbox-'));
  try {
    progress(`inbox search: seeding ${SEARCH_ENQUIRIES} enquiries in SQLite`);
    results.push(
      await measureBackend('sqlite', { dataDir, databaseUrl: null }, () =>
        seedSqlite(dataDir, SEARCH_ENQUIRIES),
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL?.trim();
  if (adminUrl !== undefined && adminUrl !== '') {
    const database = await createPostgresDatabase(adminUrl, 'ember_bench');
    try {
      progress(`inbox search: seeding ${SEARCH_ENQUIRIES} enquiries in PostgreSQL`);
      results.push(
        await measureBackend('postgres', { dataDir, databaseUrl: database.url }, () =>
          seedPostgres(database.url, SEARCH_ENQUIRIES),
        ),
      );
    } finally {
      await database.drop();
    }
  }
  return results;
}
