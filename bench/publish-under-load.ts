import { execFile } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SiteContent } from '../common/site-content';
import { LOAD } from './settings';
import { removeDataDir, ROOT, startSiteServer, type SiteServer } from './site-server';
import { summarize, type Spread } from './stats';

const run = promisify(execFile);

export type PublishResult = {
  publishes: number;
  /** From sending POST site/publish to its answer: render, compress, write and swap included. */
  publishMs: Spread;
  /** From sending the publish to the first fresh GET / that shows the new text. */
  visibleMs: Spread;
  /** GET / answered while the publishes ran, by LOAD.connections visitors in a loop. */
  pageRequests: number;
  /** Answers that were not 200, or connections that failed. */
  errors: number;
  /** Pages that were cut short or carried text of two different publishes. */
  mixed: number;
};

const PUBLISHES = 10;
const VISIBLE_WITHIN_MS = 5_000;
const STAFF_EMAIL = 'bench.publisher@studio.example';
const STAFF_PASSWORD = 'a long bench passphrase that is only used here';
/** Written into the head (description, Open Graph, JSON-LD) and the body (a testimonial). */
const MARK = /bench-publish-(\d+)/g;

type Studio = { origin: string; siteUrl: string; cookie: string };

async function studioFetch(
  studio: Pick<Studio, 'origin' | 'siteUrl'> & { cookie?: string },
  apiPath: string,
  init: { method?: string; body?: unknown; ifMatch?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { origin: studio.siteUrl };
  if (studio.cookie !== undefined) headers.cookie = studio.cookie;
  if (init.ifMatch !== undefined) headers['if-match'] = init.ifMatch;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${studio.origin}/api/studio${apiPath}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) {
    throw new Error(
      `${init.method ?? 'GET'} ${apiPath}: ${response.status} ${await response.text()}`,
    );
  }
  return response;
}

/** A staff member made the operator's way (the built CLI), then signed in over HTTP. */
async function signIn(server: SiteServer, distDir: string, siteUrl: string): Promise<Studio> {
  // The checkout's CLI, like the server startSiteServer runs: the copy of dist/ has no node_modules.
  const cli = path.join(ROOT, 'dist', 'app', 'enquiries.js');
  const { stdout } = await run(process.execPath, [cli, 'staff', 'add', STAFF_EMAIL], {
    env: { ...process.env, DATA_DIR: server.dataDir, DIST_DIR: distDir, DATABASE_URL: '' },
  });
  const link = /https?:\/\/\S+#token=(\S+)/.exec(stdout);
  if (link?.[1] === undefined) throw new Error(`staff add printed no link: ${stdout}`);
  const target = { origin: server.origin, siteUrl };
  await studioFetch(target, '/welcome', {
    method: 'POST',
    body: { token: link[1], password: STAFF_PASSWORD },
  });
  const session = await studioFetch(target, '/session', {
    method: 'POST',
    body: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
  });
  const cookie = session.headers.get('set-cookie')?.split(';')[0];
  if (cookie === undefined) throw new Error('The sign-in set no cookie.');
  return { ...target, cookie };
}

/** GET / without compression, as one complete body. */
function getPage(origin: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/`, { agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The publishes a page's text comes from: one for a whole page, none for the seed's. */
function marksOf(body: string): Set<string> {
  return new Set([...body.matchAll(MARK)].map((match) => match[1] ?? ''));
}

function isWhole(body: string): boolean {
  return body.trimEnd().endsWith('</html>');
}

async function publishOnce(
  studio: Studio,
  mark: number,
): Promise<{ publishMs: number; visibleMs: number }> {
  const draft = (await (await studioFetch(studio, '/site/draft')).json()) as {
    content: SiteContent;
    revision: string;
  };
  const content = structuredClone(draft.content);
  const tagged = `bench-publish-${mark}`;
  content.meta.description = `${content.meta.description.replace(MARK, '').trim()} ${tagged}`;
  const [first] = content.testimonials.items;
  if (first === undefined) throw new Error('The document has no testimonial to change.');
  first.quote = `${first.quote.replace(MARK, '').trim()} ${tagged}`;
  const saved = (await (
    await studioFetch(studio, '/site/draft', {
      method: 'PUT',
      body: { content },
      ifMatch: `"${draft.revision}"`,
    })
  ).json()) as { revision: string };
  const started = performance.now();
  await studioFetch(studio, '/site/publish', { method: 'POST', ifMatch: `"${saved.revision}"` });
  const publishMs = performance.now() - started;
  const agent = new Agent({ keepAlive: false });
  try {
    while (performance.now() - started < VISIBLE_WITHIN_MS) {
      const { body } = await getPage(studio.origin, agent);
      if (marksOf(body).has(String(mark)))
        return { publishMs, visibleMs: performance.now() - started };
    }
  } finally {
    agent.destroy();
  }
  throw new Error(`Publish ${mark} was not served within ${VISIBLE_WITHIN_MS} ms.`);
}

/**
 * Visitors load / in a loop (LOAD.connections at once, keep-alive) while a staff member
 * publishes PUBLISHES times over the HTTP API; every page served is checked to be whole and to
 * come from one publish only.
 */
export async function measurePublishUnderLoad(distDir: string): Promise<PublishResult> {
  const server = await startSiteServer(distDir);
  const agent = new Agent({ keepAlive: true, maxSockets: LOAD.connections });
  try {
    const siteUrl = server.siteUrl;
    const studio = await signIn(server, distDir, siteUrl);
    let stopped = false;
    const counts = { pageRequests: 0, errors: 0, mixed: 0 };
    const visitor = async (): Promise<void> => {
      while (!stopped) {
        const page = await getPage(server.origin, agent).catch(() => null);
        counts.pageRequests += 1;
        if (page?.status !== 200) counts.errors += 1;
        else if (!isWhole(page.body) || marksOf(page.body).size > 1) counts.mixed += 1;
      }
    };
    const visitors = Array.from({ length: LOAD.connections }, visitor);
    const timings: { publishMs: number; visibleMs: number }[] = [];
    try {
      for (let mark = 1; mark <= PUBLISHES; mark += 1) {
        timings.push(await publishOnce(studio, mark));
      }
    } finally {
      stopped = true;
      await Promise.all(visitors);
    }
    return {
      publishes: timings.length,
      publishMs: summarize(timings.map((timing) => timing.publishMs)),
      visibleMs: summarize(timings.map((timing) => timing.visibleMs)),
      ...counts,
    };
  } finally {
    agent.destroy();
    await server.stop();
    removeDataDir(server);
  }
}

export function formatPublish(result: PublishResult): string {
  const ms = (spread: Spread) =>
    `${Math.round(spread.median)} ms (${Math.round(spread.min)}–${Math.round(spread.max)})`;
  return [
    `## Publishing while / is under load (${LOAD.connections} visitors, ${result.publishes} publishes)`,
    '',
    '| publish answered | new page served | GET / served | errors | whole pages of one publish |',
    '|---|---|---|---|---|',
    `| ${ms(result.publishMs)} | ${ms(result.visibleMs)} | ${result.pageRequests} | ${result.errors} | ${result.mixed === 0 ? 'all' : `${result.mixed} mixed or cut`} |`,
  ].join('\n');
}
