import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeFixtureSite } from '../../server/helpers/fixture-site';
import { createEnquiryLedger } from './enquiry-ledger';
import { startEnquiryStream } from './enquiry-stream';
import { startRecordingSmtpSink, type ReceivedEmail } from './recording-smtp-sink';
import { createRandom } from '../../../scripts/artwork/random';
import { TEST_CHALLENGE_SECRET } from '../../support/challenge-solver';
import { startServerProcess } from './server-process';
import { inspectSqlite } from './sqlite-inspection';
import { verifyCrashProof, type CrashProofCounts } from './verify-crash-proof';
import type { FaultPoint } from '../../../server/fault-injection';

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
  /** Rounds aimed at each window, and those whose SIGKILL landed while the server said it was paused there. */
  aimed: Record<FaultPoint, number>;
  landed: Record<FaultPoint, number>;
  /** Commit-window kills after which the paused enquiry was in the store with no answer sent. */
  committedUnanswered: number;
  problems: string[];
};

const SETTLE_MS = 2_000;
/** How long the server holds still at the aimed point: far longer than reading its log line takes. */
const PAUSE_MS = 5_000;
/** How long an aimed round waits for the server to reach its point before killing it anyway. */
const REACH_TIMEOUT_MS = 20_000;

/**
 * Which point each round aims at: two of every five rounds at each window, the fifth at a seeded
 * random moment (null), so at least a third of any run of five or more lands in each window.
 */
const AIMS: readonly (FaultPoint | null)[] = [
  'after-commit',
  'after-smtp-accept',
  'after-commit',
  'after-smtp-accept',
  null,
];

export function aimOfRound(round: number): FaultPoint | null {
  return AIMS[(round - 1) % AIMS.length] ?? null;
}

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
  const aimed: Record<FaultPoint, number> = { 'after-commit': 0, 'after-smtp-accept': 0 };
  const landed: Record<FaultPoint, number> = { 'after-commit': 0, 'after-smtp-accept': 0 };
  /** Enquiry ids committed while their answer was held, and the server killed in that pause. */
  const committedUnansweredIds = new Set<string>();
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
    // The senders solve their challenges themselves, so every enquiry is real, not spam.
    CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
  };
  let keepFiles = false;

  try {
    for (let round = 1; round <= rounds; round += 1) {
      const aim = aimOfRound(round);
      const roundEnv = aim === null ? env : { ...env, FAULT_INJECTION_PAUSE: `${aim}:${PAUSE_MS}` };
      const server = await startServerProcess(roundEnv, logFile);
      const startedAt = Date.now();
      const receivedBefore = sink.received.length;
      const stream = startEnquiryStream({
        url: server.url,
        ledger,
        concurrency,
        paceMs,
        onUnexpected: (submission, status, body) => onUnexpected(submission.marker, status, body),
      });
      let pausedId: string | null = null;
      let isInside = false;
      if (aim === null) {
        await sleep(Math.round(random() * maxRunMs));
        await server.kill('SIGKILL');
      } else {
        aimed[aim] += 1;
        const paused = await server.waitForLog(
          (entry) => entry.msg === `paused at ${aim}`,
          REACH_TIMEOUT_MS,
        );
        await server.kill('SIGKILL');
        // The server's own word: it logged the pause, and the kill came before the pause ended.
        const pausedAt = typeof paused?.time === 'string' ? Date.parse(paused.time) : NaN;
        isInside = Date.now() < pausedAt + PAUSE_MS;
        if (isInside) landed[aim] += 1;
        pausedId = typeof paused?.id === 'string' ? paused.id : null;
      }
      const killedAfterMs = Date.now() - startedAt;
      const answeredIds = new Set([...ledger.submissions.values()].map((s) => s.ackedId));
      await stream.stop();
      await sink.settle(SETTLE_MS);

      const inspection = inspectSqlite(dataDir);
      if (inspection.integrity !== 'ok') {
        problems.push(`round ${round}: integrity_check ${inspection.integrity}`);
      }
      const statusById = new Map(inspection.enquiries.map((row) => [row.id, row.status]));
      const isCaught = (email: ReceivedEmail): boolean =>
        email.marker !== null &&
        email.enquiryId !== null &&
        statusById.get(email.enquiryId) !== 'sent';
      const caught = sink.received.filter(isCaught);
      for (const email of caught) if (email.marker !== null) crashWindowMarkers.add(email.marker);
      // A kill in the window: the SMTP server accepted an email during this round and the store
      // does not have it as sent.
      if (sink.received.slice(receivedBefore).some(isCaught)) killsInCrashWindow += 1;
      if (aim === 'after-commit' && isInside && pausedId !== null) {
        if (!statusById.has(pausedId)) {
          problems.push(
            `round ${round}: ${pausedId} was committed before the kill but is not stored`,
          );
        } else if (!answeredIds.has(pausedId)) {
          committedUnansweredIds.add(pausedId);
        }
      }
      const where =
        aim === null ? 'at random' : `${isInside ? 'inside' : 'OUTSIDE'} the ${aim} pause`;
      report(
        `round ${round}/${rounds}: killed ${where} after ${killedAfterMs} ms, ` +
          `${inspection.enquiries.length} stored, ${sink.received.length} emails, ` +
          `${caught.length} accepted but not yet marked sent`,
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
      committedUnansweredIds,
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
      aimed,
      landed,
      committedUnanswered: committedUnansweredIds.size,
      ...verdict.counts,
      problems,
    };
  } finally {
    await sink.close();
    if (!keepFiles) await rm(root, { recursive: true, force: true });
  }
}
