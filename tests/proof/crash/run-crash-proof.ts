import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFixtureSite } from '../../server/helpers/fixture-site';
import { createEnquiryLedger } from './enquiry-ledger';
import { startEnquiryStream } from './enquiry-stream';
import { startRecordingSmtpSink } from './recording-smtp-sink';
import { createRandom } from '../../../scripts/artwork/random';
import { startServerProcess } from './server-process';
import { inspectSqlite } from './sqlite-inspection';
import { verifyCrashProof, type CrashProofCounts } from './verify-crash-proof';

export type CrashProofOptions = {
  rounds: number;
  seed: number;
  /** Parallel senders posting enquiries. */
  concurrency?: number;
  /** OUTBOX_LEASE_MS for the server: how soon an email claimed by a killed process is retried. */
  leaseMs?: number;
  /** Each sender waits this long between enquiries, so the outbox can keep up. */
  paceMs?: number;
  /** The kill comes this long after the server is listening, at most. */
  maxRunMs?: number;
  report?: (line: string) => void;
};

export type CrashProofResult = CrashProofCounts & {
  seed: number;
  rounds: number;
  requestsSent: number;
  /** Kills after which the sink had an email the outbox had not yet marked sent. */
  killsInCrashWindow: number;
  problems: string[];
};

const SETTLE_MS = 2_000;

/**
 * Runs the server on one SQLite DATA_DIR, kills it with SIGKILL at seeded random moments while
 * enquiries stream in, restarts it, and finally lets the outbox drain and checks every promise.
 */
export async function runCrashProof(options: CrashProofOptions): Promise<CrashProofResult> {
  const {
    rounds,
    seed,
    concurrency = 2,
    leaseMs = 3_000,
    maxRunMs = 1_500,
    paceMs = 250,
  } = options;
  const report = options.report ?? (() => undefined);
  const random = createRandom(seed);
  const root = await mkdtemp(path.join(tmpdir(), 'ember-crash-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  const sink = await startRecordingSmtpSink();
  const ledger = createEnquiryLedger(seed);
  const crashWindowMarkers = new Set<string>();
  const problems: string[] = [];
  let killsInCrashWindow = 0;
  const onUnexpected = (marker: string, status: number, body: unknown): void => {
    problems.push(`${marker}: unexpected answer ${status} ${JSON.stringify(body)}`);
  };
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: await writeFixtureSite(root),
    SMTP_URL: sink.url,
    SITE_URL: 'https://emberandink.example',
    RATE_LIMIT_MAX: '1000000',
    OUTBOX_LEASE_MS: String(leaseMs),
  };
  let keepFiles = false;

  try {
    for (let round = 1; round <= rounds; round += 1) {
      const server = await startServerProcess(env, logFile);
      const stream = startEnquiryStream({
        url: server.url,
        ledger,
        concurrency,
        paceMs,
        onUnexpected: (submission, status, body) => onUnexpected(submission.marker, status, body),
      });
      const runMs = Math.round(random() * maxRunMs);
      await sleep(runMs);
      await server.kill('SIGKILL');
      await stream.stop();
      await sink.settle(SETTLE_MS);

      const inspection = inspectSqlite(dataDir);
      if (inspection.integrity !== 'ok') {
        problems.push(`round ${round}: integrity_check ${inspection.integrity}`);
      }
      const statusById = new Map(inspection.enquiries.map((row) => [row.id, row.status]));
      const caught = sink.received.filter(
        (email) =>
          email.marker !== null &&
          email.enquiryId !== null &&
          statusById.get(email.enquiryId) !== 'sent',
      );
      const newlyCaught = caught.filter(
        (email) => email.marker !== null && !crashWindowMarkers.has(email.marker),
      );
      for (const email of newlyCaught)
        if (email.marker !== null) crashWindowMarkers.add(email.marker);
      if (newlyCaught.length > 0) killsInCrashWindow += 1;
      report(
        `round ${round}/${rounds}: killed after ${runMs} ms, ${inspection.enquiries.length} stored, ` +
          `${sink.received.length} emails, ${caught.length} accepted but not yet marked sent`,
      );
    }

    const server = await startServerProcess(env, logFile);
    const drainDeadline = Date.now() + leaseMs + 30_000;
    const resend = startEnquiryStream({
      url: server.url,
      ledger,
      concurrency,
      retryOnly: true,
      onUnexpected: (submission, status, body) => onUnexpected(submission.marker, status, body),
    });
    await Promise.race([resend.done, sleep(Math.max(0, drainDeadline - Date.now()))]);
    await resend.stop();
    const submissions = [...ledger.submissions.values()];
    const ackedMarkers = new Set(
      submissions.filter((s) => s.ackedId !== null).map((s) => s.marker),
    );
    while (Date.now() < drainDeadline) {
      const emailed = new Set(sink.received.map((email) => email.marker));
      const isDrained =
        inspectSqlite(dataDir).outboxRows === 0 &&
        [...ackedMarkers].every((marker) => emailed.has(marker));
      if (isDrained) break;
      await sleep(200);
    }
    await sink.settle(SETTLE_MS);
    const exitCode = await server.kill('SIGTERM');
    if (exitCode !== 0) problems.push(`the last server exited with ${exitCode} on SIGTERM`);

    const verdict = verifyCrashProof({
      submissions,
      received: sink.received,
      crashWindowMarkers,
      final: inspectSqlite(dataDir),
    });
    problems.push(...verdict.problems);
    keepFiles = problems.length > 0;
    if (keepFiles) report(`Files kept for inspection in ${root}`);
    return {
      seed,
      rounds,
      requestsSent: submissions.reduce((sum, s) => sum + s.attempts, 0),
      killsInCrashWindow,
      ...verdict.counts,
      problems,
    };
  } finally {
    await sink.close();
    if (!keepFiles) await rm(root, { recursive: true, force: true });
  }
}
