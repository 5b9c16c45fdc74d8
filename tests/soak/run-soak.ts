import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRandom } from '../../scripts/artwork/random';
import { readBuildMeta } from '../../server/build-meta';
import { SITE_ORIGIN } from '../server/helpers/api-client';
import { startRecordingSmtpSink } from '../proof/crash/recording-smtp-sink';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { inspectSqlite } from '../proof/crash/sqlite-inspection';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { createHttpClient } from './http-client';
import { startSlowClients } from './slow-clients';
import { createTrafficGate } from './traffic-gate';
import {
  assetsOf,
  loadPage,
  missPage,
  revalidatePage,
  sendEnquiry,
  sendHostileRequest,
  sendIncompleteForm,
  subscribe,
  type SentEnquiry,
  type VisitorContext,
} from './visitors';

export type SoakOptions = {
  durationMs: number;
  /** RSS, descriptors, event-loop delay (and throughput, if measured) are sampled this often. */
  sampleEveryMs: number;
  /** A build (`client/` and `meta.json`) for the server to serve. */
  distDir: string;
  seed: number;
  /**
   * Requests per second the server answers for `/` right now (the bench runs wrk); optional.
   * The visitors, enquiries and sign-ups wait while it runs; the slow clients stay connected.
   */
  measureThroughput?: (origin: string) => Promise<number>;
  /** Called with the server's pid once it listens (the bench pins it to a core). */
  onServerStarted?: (pid: number) => void;
  /** Visitors browsing at once, each pausing 20–200 ms between actions. */
  visitors?: number;
  /** Slow connections held open at once, each for up to `slowHoldMs`. */
  slowClients?: number;
  slowHoldMs?: number;
  enquiryEveryMs?: number;
  newsletterEveryMs?: number;
  report?: (line: string) => void;
};

export type SoakSample = {
  atMs: number;
  rssMb: number;
  openFds: number;
  sockets: number;
  /** The event loop's p99 delay over the hook's last interval; null before its first report. */
  loopDelayP99Ms: number | null;
  rootRequestsPerSecond: number | null;
};

export type SoakResult = {
  durationMs: number;
  samples: SoakSample[];
  requests: Record<string, number>;
  unexpected: Record<string, number>;
  slowClientsOpened: number;
  enquiries: { sent: number; acknowledged: number; stored: number; emailedOnce: number };
  newsletterSignups: number;
  /** Descriptors of the server process after one request of each kind and after every client had gone. */
  fds: { before: number; socketsBefore: number; after: number; socketsAfter: number };
  /** `/` throughput in the last sample ÷ the first; null when not measured. */
  throughputRatio: number | null;
  /** RSS at the last sample ÷ the first. */
  rssGrowth: number;
  /** The highest per-interval p99 of the event loop's delay. */
  loopDelayP99Ms: number | null;
  problems: string[];
};

type FdCount = { total: number; sockets: number };

function countFds(pid: number): FdCount {
  const names = readdirSync(`/proc/${pid}/fd`);
  let sockets = 0;
  for (const name of names) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${name}`).startsWith('socket:')) sockets += 1;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return { total: names.length, sockets };
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 102.4) / 10;
}

function latestLoopDelay(server: ServerProcess): number | null {
  const reports = server.logs.filter((entry) => entry.msg === 'event loop delay');
  const p99 = reports.at(-1)?.p99Ms;
  return typeof p99 === 'number' ? p99 : null;
}

/** Runs `action` again and again until `isDone`, pausing between runs. */
async function repeat(
  isDone: () => boolean,
  pauseMs: () => number,
  action: () => Promise<void>,
): Promise<void> {
  while (!isDone()) {
    await action();
    await sleep(pauseMs());
  }
}

/**
 * One server process (real SQLite, a real SMTP server) under bounded mixed traffic for
 * `durationMs`: page loads with their assets, conditional GETs, 404s, hostile requests,
 * enquiries, newsletter sign-ups and slow clients. Then every client leaves, the outbox drains,
 * and the run checks what a long-lived process must not do: lose or double an enquiry, hold on
 * to descriptors, grow without bound.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const report = options.report ?? (() => undefined);
  const random = createRandom(options.seed);
  const root = await mkdtemp(path.join(tmpdir(), 'ember-soak-'));
  const sink = await startRecordingSmtpSink();
  // A real build is made for one origin, which the server insists on; the fixture has none.
  const siteOrigin = (await readBuildMeta(options.distDir))?.siteUrl ?? SITE_ORIGIN;
  const server = await startServerProcess(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      DIST_DIR: options.distDir,
      SMTP_URL: sink.url,
      SITE_URL: siteOrigin,
      // Each visitor comes through one trusted proxy with an address of its own, so the rate
      // limiter keeps a window per visitor, as it would in production, and never refuses one.
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_WINDOW_MS: '60000',
      LOOP_DELAY_REPORT_MS: String(options.sampleEveryMs),
      // The visitors solve their challenges with this secret: enquiries and sign-ups are real.
      CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
    },
    path.join(root, 'server.log'),
    {
      // The hook is TypeScript; tsx loads it (the server itself is the compiled build).
      nodeArgs: [
        '--import',
        'tsx',
        '--import',
        path.join(import.meta.dirname, 'loop-delay-hook.ts'),
      ],
      isKept: (line) => !line.includes('"msg":"request"'),
    },
  );
  options.onServerStarted?.(server.pid);
  const problems: string[] = [];
  const requests: Record<string, number> = {};
  const unexpected: Record<string, number> = {};
  const client = createHttpClient(server.url, (options.visitors ?? 8) + 2);
  let serial = 0;
  const context: VisitorContext = {
    origin: server.url,
    siteOrigin,
    client,
    assets: [],
    random,
    count(kind, status, expected) {
      requests[kind] = (requests[kind] ?? 0) + 1;
      const isExpected = Array.isArray(expected) ? expected.includes(status) : expected === status;
      if (!isExpected) {
        const key = `${kind} ${status}`;
        unexpected[key] = (unexpected[key] ?? 0) + 1;
      }
    },
    visitorAddress: () =>
      `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
  };
  const failed = (kind: string) => (error: unknown) => {
    const key = `${kind} error: ${error instanceof Error ? error.message : String(error)}`;
    unexpected[key] = (unexpected[key] ?? 0) + 1;
  };

  try {
    const home = await client.send({ method: 'GET', path: '/', headers: {} });
    context.assets = assetsOf(home.body.toString('utf8'));
    const visit = async (): Promise<void> => {
      const roll = random();
      serial += 1;
      if (roll < 0.35) await loadPage(context).catch(failed('page'));
      else if (roll < 0.65) await revalidatePage(context).catch(failed('conditional'));
      else if (roll < 0.8) await missPage(context, serial).catch(failed('not-found'));
      else await sendHostileRequest(context).catch(failed('hostile'));
    };
    const sent: SentEnquiry[] = [];
    const enquire = async (): Promise<void> => {
      const marker = `soak-${options.seed}-${sent.length + 1}`;
      const enquiry: SentEnquiry = { marker, id: null };
      sent.push(enquiry);
      await sendEnquiry(context, marker).then(
        (answer) => (enquiry.id = answer.id),
        failed('enquiry'),
      );
    };
    let signups = 0;
    let signupsAnswered = 0;
    const signUp = async (): Promise<void> => {
      signups += 1;
      await subscribe(context, signups).then(
        (isAnswered) => (signupsAnswered += isAnswered ? 1 : 0),
        failed('newsletter'),
      );
    };
    // One of each before the baseline is taken: what the process sets up once, on first use
    // (a lazily loaded module, a thread, a connection), is not a leak; what traffic leaves
    // behind after this is.
    await enquire();
    await signUp();
    await sendIncompleteForm(context).catch(failed('form page'));
    const warmDeadline = Date.now() + 10_000;
    while (sink.received.length < 2 && Date.now() < warmDeadline) await sleep(100);

    const before = countFds(server.pid);
    const startedAt = Date.now();
    const isDone = () => Date.now() - startedAt >= options.durationMs;
    const think = () => 20 + random() * 180;

    const slow = startSlowClients({
      port: Number(new URL(server.url).port),
      concurrency: options.slowClients ?? 6,
      holdMs: options.slowHoldMs ?? 20_000,
      trickleMs: 2_000,
      random,
    });
    const gate = createTrafficGate();
    const traffic = Promise.all([
      ...Array.from({ length: options.visitors ?? 8 }, () =>
        repeat(isDone, think, () => gate.pass(visit)),
      ),
      repeat(
        isDone,
        () => options.enquiryEveryMs ?? 1_000,
        () => gate.pass(enquire),
      ),
      repeat(
        isDone,
        () => options.newsletterEveryMs ?? 2_000,
        () => gate.pass(signUp),
      ),
    ]);
    const measureRoot = async (): Promise<number | null> => {
      if (options.measureThroughput === undefined) return null;
      await gate.hold();
      try {
        return await options.measureThroughput(server.url);
      } finally {
        gate.open();
      }
    };

    const samples: SoakSample[] = [];
    for (let at = options.sampleEveryMs; at <= options.durationMs; at += options.sampleEveryMs) {
      await sleep(Math.max(0, startedAt + at - Date.now()));
      const rootRequestsPerSecond = await measureRoot();
      const fds = countFds(server.pid);
      const sample: SoakSample = {
        atMs: Date.now() - startedAt,
        rssMb: rssMb(server.pid),
        openFds: fds.total,
        sockets: fds.sockets,
        loopDelayP99Ms: latestLoopDelay(server),
        rootRequestsPerSecond,
      };
      samples.push(sample);
      report(
        `${Math.round(sample.atMs / 1000)} s: RSS ${sample.rssMb} MB, ${sample.openFds} fds ` +
          `(${sample.sockets} sockets), loop delay p99 ${sample.loopDelayP99Ms ?? '–'} ms` +
          (rootRequestsPerSecond === null
            ? ''
            : `, / at ${Math.round(rootRequestsPerSecond)} req/s`),
      );
    }

    await traffic;
    const slowClientsOpened = slow.opened();
    await slow.stop();
    client.close();

    // Every acknowledged enquiry, and the confirmation of every sign-up (each address is new),
    // reaches the SMTP server before the books are closed.
    const acknowledged = sent.filter((enquiry) => enquiry.id !== null);
    const confirmations = () => sink.received.filter((email) => email.enquiryId === null).length;
    const drainDeadline = Date.now() + 60_000;
    while (Date.now() < drainDeadline) {
      const emailed = new Set(sink.received.map((email) => email.enquiryId));
      const isDrained =
        acknowledged.every((enquiry) => emailed.has(enquiry.id)) &&
        confirmations() >= signupsAnswered;
      if (isDrained) break;
      await sleep(200);
    }
    await sink.settle(2_000);

    // The server closes a connection its client has gone from; give it a moment to notice.
    let after = countFds(server.pid);
    const fdDeadline = Date.now() + 10_000;
    while (after.total > before.total && Date.now() < fdDeadline) {
      await sleep(200);
      after = countFds(server.pid);
    }
    if (after.total > before.total) {
      problems.push(
        `${after.total - before.total} descriptor(s) still open after every client left ` +
          `(${before.total} before, ${after.total} after; sockets ${before.sockets} → ${after.sockets})`,
      );
    }

    const exitCode = await server.kill('SIGTERM');
    if (exitCode !== 0) problems.push(`the server exited with ${exitCode} on SIGTERM`);

    const stored = inspectSqlite(path.join(root, 'data'));
    const rowsById = new Map(stored.enquiries.map((row) => [row.id, row]));
    const emailsById = new Map<string, number>();
    for (const email of sink.received) {
      if (email.enquiryId !== null) {
        emailsById.set(email.enquiryId, (emailsById.get(email.enquiryId) ?? 0) + 1);
      }
    }
    let storedCount = 0;
    let emailedOnce = 0;
    for (const { marker, id } of acknowledged) {
      const row = id === null ? undefined : rowsById.get(id);
      if (row === undefined) problems.push(`${marker}: acknowledged as ${id} but not stored`);
      else storedCount += 1;
      const emails = id === null ? 0 : (emailsById.get(id) ?? 0);
      if (emails === 1) emailedOnce += 1;
      else problems.push(`${marker}: emailed ${emails} times`);
    }
    const soakRows = stored.enquiries.filter((row) =>
      row.message.includes(`soak-${options.seed}-`),
    );
    if (soakRows.length !== acknowledged.length) {
      problems.push(`${soakRows.length} enquiries stored, ${acknowledged.length} acknowledged`);
    }
    const enquiryEmails = sink.received.length - confirmations();
    if (enquiryEmails !== acknowledged.length) {
      problems.push(`${enquiryEmails} emails received for ${acknowledged.length} enquiries`);
    }
    if (confirmations() !== signupsAnswered) {
      problems.push(`${confirmations()} confirmations received for ${signupsAnswered} sign-ups`);
    }
    for (const [kind, count] of Object.entries(unexpected)) {
      problems.push(`${count}× unexpected ${kind}`);
    }

    const first = samples[0];
    const last = samples.at(-1);
    const delays = samples.flatMap((sample) =>
      sample.loopDelayP99Ms === null ? [] : [sample.loopDelayP99Ms],
    );
    return {
      durationMs: options.durationMs,
      samples,
      requests,
      unexpected,
      slowClientsOpened,
      enquiries: {
        sent: sent.length,
        acknowledged: acknowledged.length,
        stored: storedCount,
        emailedOnce,
      },
      newsletterSignups: signups,
      fds: {
        before: before.total,
        socketsBefore: before.sockets,
        after: after.total,
        socketsAfter: after.sockets,
      },
      throughputRatio:
        first?.rootRequestsPerSecond && last?.rootRequestsPerSecond
          ? last.rootRequestsPerSecond / first.rootRequestsPerSecond
          : null,
      rssGrowth: first !== undefined && last !== undefined ? last.rssMb / first.rssMb : 1,
      loopDelayP99Ms: delays.length === 0 ? null : Math.max(...delays),
      problems,
    };
  } finally {
    client.close();
    await server.kill('SIGKILL');
    await sink.close();
    await rm(root, { recursive: true, force: true });
  }
}
