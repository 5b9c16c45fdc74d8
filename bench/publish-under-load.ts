import { Agent, request } from 'node:http';
import type { SiteContent } from '../common/site-content';
import { LOAD } from './settings';
import { removeDataDir, startSiteServer } from './site-server';
import { signIn, studioFetch, type Studio } from './studio-session';
import { summarize, type Spread } from './stats';

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
/** Written into the head (description, Open Graph, JSON-LD) and the body (a testimonial). */
const MARK = /bench-publish-(\d+)/g;

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
    const studio = await signIn(server, distDir);
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
