/**
 * One instance sending letters, to be killed mid-send: opens the SQLite store in DATA_DIR
 * (argv[2]), sends to the SMTP server at argv[3] with the leases short, says "ready", and runs
 * until it is killed.
 */
import { startLetterSender } from '../../server/letters/letter-sender';
import { createMailTransport } from '../../server/mail/create-transport';
import { createRetrySchedule } from '../../server/mail/retry-schedule';
import { openSqliteStore } from '../../server/store/sqlite-store';

/** Short, so that the copies a kill interrupted go again soon after the restart. */
const CRASH_LEASE_MS = 1_500;

const [dataDir = '', smtpUrl = ''] = process.argv.slice(2);
const store = await openSqliteStore({ dataDir });
startLetterSender({
  letters: store.letters,
  transport: createMailTransport({ smtpUrl, dataDir, maxConnections: 8 }),
  copies: {
    from: 'Ember & Ink <letters@emberandink.example>',
    siteOrigin: 'https://emberandink.example',
    mailDomain: 'emberandink.example',
    linkKey: Buffer.alloc(32, 7),
  },
  rate: { max: 1000, windowMs: 1000 },
  retries: createRetrySchedule({ baseDelayMs: 100, maxDelayMs: 100, maxAttempts: 3 }),
  leaseMs: CRASH_LEASE_MS,
  pollIntervalMs: 100,
  log: { info: () => undefined, error: (message) => process.stderr.write(`${message}\n`) },
});
process.stdout.write('ready\n');
