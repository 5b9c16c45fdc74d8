import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { startLetterSender } from '../server/letters/letter-sender';
import { createMailTransport } from '../server/mail/create-transport';
import { createRetrySchedule } from '../server/mail/retry-schedule';
import { openSqliteStore, SQLITE_FILE_NAME } from '../server/store/sqlite-store';

export const LETTER_RECIPIENTS = 10_000;
/** Letters a second one instance must reach at an SMTP server that accepts at once. */
export const LETTERS_PER_SECOND_GOAL = 200;

export type LetterSendingResult = {
  recipients: number;
  received: number;
  seconds: number;
  perSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
};

const MB = 1024 * 1024;

/** 10,000 confirmed subscribers, written straight into the file in one transaction. */
function seedSubscribers(dataDir: string): void {
  const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME));
  const insert = database.prepare(
    `insert into subscribers (id, email, email_key, created_at, status, confirmed_at)
     values (?, ?, ?, ?, 'confirmed', ?)`,
  );
  const at = new Date().toISOString();
  database.transaction(() => {
    for (let index = 0; index < LETTER_RECIPIENTS; index += 1) {
      const email = `reader-${index}@example.com`;
      insert.run(randomUUID(), email, email, at, at);
    }
  })();
  database.close();
}

/** An SMTP server that accepts every message as soon as it has read it, and counts them. */
async function startCountingSink(): Promise<{
  url: string;
  count: () => number;
  close(): Promise<void>;
}> {
  let received = 0;
  const server = new SMTPServer({
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * One instance sends one letter to 10,000 confirmed subscribers on SQLite, at a local SMTP
 * server that never makes it wait and a LETTER_RATE that never binds: the sender's own pace,
 * and its memory before, at its peak and after.
 */
export async function measureLetterSending(
  progress: (message: string) => void,
): Promise<LetterSendingResult> {
  progress(`a letter to ${LETTER_RECIPIENTS} subscribers`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ember-bench-letters-'));
  const sink = await startCountingSink();
  const store = await openSqliteStore({ dataDir });
  try {
    seedSubscribers(dataDir);
    const { id } = await store.letters.createDraft(
      { subject: 'Autumn at the studio', body: 'Three new books, and a new studio.\n'.repeat(40) },
      'bench@emberandink.example',
      new Date(),
    );
    const transport = createMailTransport({ smtpUrl: sink.url, dataDir, maxConnections: 8 });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 100);
    const started = performance.now();
    await store.letters.startSending(id, null, new Date());
    const sender = startLetterSender({
      letters: store.letters,
      transport,
      copies: {
        from: 'Ember & Ink <letters@emberandink.example>',
        siteOrigin: 'https://emberandink.example',
        mailDomain: 'emberandink.example',
        linkKey: Buffer.alloc(32, 7),
      },
      rate: { max: LETTER_RECIPIENTS, windowMs: 1000 },
      retries: createRetrySchedule({ baseDelayMs: 1000, maxDelayMs: 1000, maxAttempts: 3 }),
      leaseMs: 120_000,
      pollIntervalMs: 100,
      log: { info: () => undefined, error: (message) => progress(`  ${message}`) },
    });
    while ((await store.letters.readLetter(id))?.state !== 'sent') {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    await sender.stop();
    transport.close();
    global.gc?.();
    return {
      recipients: LETTER_RECIPIENTS,
      received: sink.count(),
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(LETTER_RECIPIENTS / seconds),
      rssBeforeMb: Math.round(rssBefore / MB),
      rssPeakMb: Math.round(rssPeak / MB),
      rssAfterMb: Math.round(process.memoryUsage().rss / MB),
    };
  } finally {
    await store.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatLetters(result: LetterSendingResult): string {
  const met = result.perSecond >= LETTERS_PER_SECOND_GOAL ? 'met' : 'NOT met';
  return [
    `## A letter to ${result.recipients} subscribers (one instance, SQLite, local SMTP server)`,
    '',
    '| received | seconds | letters/second | RSS before | RSS peak | RSS after |',
    '|---|---|---|---|---|---|',
    `| ${result.received} | ${result.seconds} | ${result.perSecond} (goal ≥ ${LETTERS_PER_SECOND_GOAL}: ${met}) | ${result.rssBeforeMb} MB | ${result.rssPeakMb} MB | ${result.rssAfterMb} MB |`,
  ].join('\n');
}
