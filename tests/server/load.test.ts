import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { startRecordingSmtpSink, type RecordingSmtpSink } from '../proof/crash/recording-smtp-sink';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { SITE_ORIGIN, validEnquiry } from './helpers/api-client';
import { solvedChallenge, TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { writeFixtureSite } from './helpers/fixture-site';

/** The burst is bounded twice: it stops at this many requests or after this long. */
const MAX_REQUESTS = 3_000;
const MAX_BURST_MS = 20_000;
const CONCURRENCY = 32;
const RATE_LIMIT_MAX = 20;
const HASHED_ASSET = '/assets/app-7b2e4d.js';
/**
 * The built server idles near 100 MB here (Node and the site in memory). A burst of
 * 3,000 requests that leaked its bodies, sockets or per-client state would add hundreds of MB;
 * 300 MB leaves room for the garbage collector's own slack and nothing more.
 */
const RSS_LIMIT_BYTES = 300 * 1024 * 1024;

type Kind = 'page' | 'asset' | 'enquiry';
type Outcome = { kind: Kind; status: number; retryAfter: string | null };

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(kilobytes) * 1024;
}

/** Roughly half page views, a third asset loads, the rest form posts. */
function kindOf(index: number): Kind {
  const slot = index % 20;
  if (slot < 9) return 'page';
  if (slot < 16) return 'asset';
  return 'enquiry';
}

/** One solved challenge per form post of the burst, made before it starts. */
const solutions: string[] = [];

async function hit(url: string, kind: Kind, index: number): Promise<Outcome> {
  const response =
    kind === 'enquiry'
      ? await fetch(`${url}${CONTACT_ENDPOINT}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: SITE_ORIGIN,
            // No proxy is trusted, so a rotating X-Forwarded-For must not buy more posts.
            'x-forwarded-for': `203.0.113.${index % 250}`,
          },
          body: JSON.stringify(
            validEnquiry({ message: `Load burst enquiry ${index}.`, altcha: solutions.pop() }),
          ),
        })
      : await fetch(`${url}${kind === 'page' ? '/' : HASHED_ASSET}`, {
          headers: { 'accept-encoding': 'gzip, br' },
        });
  await response.arrayBuffer();
  return { kind, status: response.status, retryAfter: response.headers.get('retry-after') };
}

describe('load: a bounded burst of mixed traffic on loopback', () => {
  let root: string;
  let sink: RecordingSmtpSink;
  let server: ServerProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-load-'));
    const formPosts = Array.from({ length: MAX_REQUESTS }, (_, index) => kindOf(index)).filter(
      (kind) => kind === 'enquiry',
    ).length;
    for (let index = 0; index < formPosts; index += 1) solutions.push(await solvedChallenge());
    sink = await startRecordingSmtpSink();
    server = await startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'data'),
        DIST_DIR: await writeFixtureSite(root),
        SMTP_URL: sink.url,
        SITE_URL: 'https://emberandink.example',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        // Windows are fixed and aligned to the clock: a day-long one is never crossed mid-run.
        RATE_LIMIT_WINDOW_MS: '86400000',
        CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
      },
      path.join(root, 'server.log'),
    );
  });

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await sink?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('keeps answering, holds the rate limit and stays within its memory bound', async () => {
    const rssBefore = await residentBytes(server.pid);
    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    const stopAt = Date.now() + MAX_BURST_MS;
    let next = 0;
    const client = async (): Promise<void> => {
      while (next < MAX_REQUESTS && Date.now() < stopAt) {
        const index = next++;
        try {
          outcomes.push(await hit(server.url, kindOf(index), index));
        } catch (error) {
          failures.push(
            error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error),
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    const rssAfter = await residentBytes(server.pid);
    const count = (kind: Kind, status?: number): number =>
      outcomes.filter((o) => o.kind === kind && (status === undefined || o.status === status))
        .length;
    console.info(
      `load burst: ${outcomes.length} answers, ${failures.length} connection errors; ` +
        `pages ${count('page', 200)}/${count('page')}, assets ${count('asset', 200)}/${count('asset')}, ` +
        `enquiries 201: ${count('enquiry', 201)}, 429: ${count('enquiry', 429)}; ` +
        `RSS ${(rssBefore / 2 ** 20).toFixed(0)} MB before, ${(rssAfter / 2 ** 20).toFixed(0)} MB after`,
    );

    expect(failures).toEqual([]);
    expect(outcomes.filter((o) => o.status >= 500)).toEqual([]);
    expect(count('page', 200)).toBe(count('page'));
    expect(count('asset', 200)).toBe(count('asset'));
    expect(count('enquiry')).toBeGreaterThan(RATE_LIMIT_MAX);
    expect(count('enquiry', 201)).toBe(RATE_LIMIT_MAX);
    expect(count('enquiry', 429)).toBe(count('enquiry') - RATE_LIMIT_MAX);
    const limited = outcomes.filter((o) => o.status === 429);
    expect(limited.every((o) => Number(o.retryAfter) > 0)).toBe(true);
    expect(rssAfter).toBeLessThan(RSS_LIMIT_BYTES);

    // Still serving after the burst, and every accepted enquiry reaches the inbox.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const deadline = Date.now() + 30_000;
    while (sink.received.length < RATE_LIMIT_MAX && Date.now() < deadline) await sleep(200);
    expect(sink.received).toHaveLength(RATE_LIMIT_MAX);
  }, 120_000);
});
