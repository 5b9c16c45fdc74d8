import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  onTestFinished as onTeardown,
} from 'vitest';
import { IMPORTED_KEYWORD, type MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import type { Store } from '../../server/store/store';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import { createPrivateCa } from '../support/private-ca';
import { readTestDatabaseUrl } from './helpers/backends';
import { waitFor } from './helpers/mail-server';
import {
  clientMessage,
  emptyInbox,
  openAnsweredEnquiry,
  readAnswers,
  recordLog,
  startTestWatch,
  type WatchLogLine as Line,
} from './helpers/mailbox-watch-fixture';
import {
  createPostgresFixture,
  createSqliteFixture,
  type StoreFixture,
} from './helpers/store-fixtures';

const WATCH_PROCESS = path.resolve(import.meta.dirname, '../support/mailbox-watch-process.ts');
const postgresUrl = readTestDatabaseUrl();

/** Runs the watch in a process of its own; its log lines arrive as they are printed. */
function watchInProcess(settings: object, env: NodeJS.ProcessEnv = process.env) {
  // Node itself runs the script (tsx as a loader, not its wrapper process): a SIGKILL reaches
  // the watcher, as a crash would.
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', WATCH_PROCESS, JSON.stringify(settings)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    },
  );
  const lines: Record<string, unknown>[] = [];
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    lines.push(...complete.map((line) => JSON.parse(line) as Record<string, unknown>));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, lines, exited };
}

describe.skipIf(!hasDovecot())(
  'the mailbox watch when things go wrong',
  { timeout: 120_000 },
  () => {
    let dovecot: Dovecot;
    let fixture: StoreFixture;
    let store: Store;
    let lines: Line[];
    let watches: MailboxWatch[];
    let replyMessageId: string;
    let enquiryId: string;

    // One plain-text Dovecot for the file. (One with a certificate offers STARTTLS on its
    // plain port too, which a client upgrades to and then cannot verify: the certificate test
    // starts its own.)
    beforeAll(async () => {
      dovecot = await startDovecot();
    });
    afterAll(() => dovecot.stop());

    /** A store with one enquiry the studio has answered, so answers have a thread to join. */
    async function openStoreWithThread(createFixture: () => Promise<StoreFixture>) {
      fixture = await createFixture();
      store = await fixture.open();
      ({ enquiryId, replyMessageId } = await openAnsweredEnquiry(store));
    }

    const startWatch = (url = dovecot.url, on: Store = store) => {
      const watch = startTestWatch({
        url,
        leads: on.leads,
        log: recordLog(lines),
        takeOverIntervalMs: 200,
        lockCheckIntervalMs: 100,
        backoffMs: 100,
        maxBackoffMs: 400,
      });
      watches.push(watch);
      return watch;
    };
    const received = () => readAnswers(store.leads, enquiryId);

    beforeEach(() => {
      lines = [];
      watches = [];
    });
    afterEach(async () => {
      await Promise.all(watches.map((watch) => watch.stop()));
      await fixture.dispose();
      await emptyInbox(dovecot);
    });

    it('keeps a 50 MB answer without its excess, and says so in the thread and the log', async () => {
      await openStoreWithThread(createSqliteFixture);
      const huge = `Start of the answer.\r\n${'x'.repeat(998)}\r\n`.repeat(50 * 1024);
      await dovecot.deliver(
        clientMessage({ 'In-Reply-To': replyMessageId, Subject: 'huge' }, huge),
      );
      startWatch();
      const [answer] = await waitFor(
        async () => ((await received()).length === 1 ? received() : undefined),
        60_000,
      );
      expect(answer).toMatchObject({ isTruncated: true, attachments: [] });
      expect(answer?.text.startsWith('Start of the answer.')).toBe(true);
      expect(answer?.text.length).toBeLessThanOrEqual(10 * 1024 * 1024);
      const line = lines.find(
        (entry) => entry.message === 'mailbox message kept without its excess',
      );
      expect(line?.fields).toMatchObject({ keptBytes: 10 * 1024 * 1024 });
      expect(Number(line?.fields?.bytes)).toBeGreaterThan(50 * 1000 * 1000);
    });

    it('reads malformed MIME without stopping, and the answers after it still arrive', async () => {
      await openStoreWithThread(createSqliteFixture);
      const answer = (headers: Record<string, string>, body: string) =>
        dovecot.deliver(clientMessage({ 'In-Reply-To': replyMessageId, ...headers }, body));
      await answer(
        { 'Content-Type': 'multipart/mixed; boundary="never-closed"' },
        '--never-closed\r\nContent-Type: text/plain\r\n\r\nhalf a part',
      );
      await answer({ 'Content-Transfer-Encoding': 'base64' }, '!!! not base64 at all ###');
      await answer({ 'Content-Type': 'text/plain; charset=no-such-charset' }, 'Unknown charset');
      await answer({ 'Content-Type': 'multipart/alternative' }, 'A multipart without a boundary');
      await dovecot.deliver('From: \r\nSubject\r\n\r\n\u0000\u0001 nothing like a header');
      await answer({ Subject: 'the good one' }, 'Tuesday works.');
      startWatch();
      await waitFor(async () =>
        (await received()).some((message) => message.text === 'Tuesday works.'),
      );
      expect(watches[0]?.readTrouble()).toBe(null);
      expect(lines.filter((line) => line.level === 'error')).toEqual([]);
      // Each malformed answer is in the thread once, with whatever text could be read.
      expect((await received()).length).toBe(5);
    });

    it('refuses a certificate it cannot verify with one clear line, retrying, and trusts a private CA named in NODE_EXTRA_CA_CERTS', async () => {
      await openStoreWithThread(createSqliteFixture);
      const ca = await createPrivateCa();
      const secured = await startDovecot({ tls: { certFile: ca.certFile, keyFile: ca.keyFile } });
      onTeardown(async () => {
        await secured.stop();
        await ca.remove();
      });
      const tlsUrl = secured.tlsUrl ?? '';
      const watch = startWatch(tlsUrl);
      await waitFor(() => lines.filter((line) => line.level === 'error').length >= 3);
      const errors = lines.filter((line) => line.level === 'error');
      expect(errors[0]?.message).toBe('mailbox unavailable, retrying');
      expect(errors[0]?.fields?.reason).toMatch(/^the mailbox's TLS certificate is not trusted \(/);
      expect(errors.map((line) => line.fields?.retryInMs)).toEqual([100, 200, 400]);
      expect(JSON.stringify(lines)).not.toContain(secured.password);
      expect(watch.readTrouble()?.reason).toMatch(/TLS certificate is not trusted/);

      // Node reads NODE_EXTRA_CA_CERTS when it starts: the studio sets it for the server.
      await secured.deliver(clientMessage({ Subject: 'anything' }, 'to be read'));
      const trusted = watchInProcess(
        {
          url: tlsUrl,
          dataDir: path.join(path.dirname(ca.caFile), 'trusted-store'),
          untilRead: true,
        },
        { ...process.env, NODE_EXTRA_CA_CERTS: ca.caFile },
      );
      await trusted.exited;
      expect(trusted.lines.find((line) => line.message === 'done')).toEqual({
        message: 'done',
        trouble: null,
      });
    });

    it('imports a thousand answers arriving at once exactly once each, across a restart halfway', async () => {
      await openStoreWithThread(createSqliteFixture);
      const client = await dovecot.connect();
      for (let index = 0; index < 1000; index += 1) {
        await client.append(
          'INBOX',
          clientMessage({ 'In-Reply-To': replyMessageId, Subject: `n${index}` }, `Answer ${index}`),
        );
      }
      await client.logout();
      const first = startWatch();
      await waitFor(async () => ((await received()).length >= 300 ? true : undefined), 60_000);
      await first.stop();
      startWatch();
      const all = await waitFor(async () => {
        const list = await received();
        return list.length >= 1000 ? list : undefined;
      }, 90_000);
      // Read once more after a window: nothing comes in twice.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await received()).toHaveLength(1000);
      expect(new Set(all.map((message) => message.text)).size).toBe(1000);
      const check = await dovecot.connect();
      await check.mailboxOpen('INBOX');
      const unflagged = await check.search({ unKeyword: IMPORTED_KEYWORD }, { uid: true });
      await check.logout();
      expect(unflagged).toEqual([]);
    });

    it.skipIf(postgresUrl === undefined)(
      'lets another instance take over the watch when the one watching dies (PostgreSQL)',
      async () => {
        await openStoreWithThread(() => createPostgresFixture(postgresUrl ?? ''));
        const dying = watchInProcess({ url: dovecot.url, databaseUrl: fixture.databaseUrl });
        await dovecot.deliver(clientMessage({ 'In-Reply-To': replyMessageId }, 'First'));
        await waitFor(async () => ((await received()).length === 1 ? true : undefined), 30_000);
        // This instance waits: the lock is held by the other process.
        const rival = await fixture.rival(store);
        startWatch(dovecot.url, rival);
        await dovecot.deliver(clientMessage({ 'In-Reply-To': replyMessageId }, 'Second'));
        await waitFor(async () => ((await received()).length === 2 ? true : undefined));
        // A window: the waiting instance must import nothing, and no event says it did not.
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(lines.filter((line) => line.message === 'mailbox answers imported')).toEqual([]);

        dying.child.kill('SIGKILL');
        await dying.exited;
        await dovecot.deliver(clientMessage({ 'In-Reply-To': replyMessageId }, 'Third'));
        await waitFor(async () => ((await received()).length === 3 ? true : undefined), 30_000);
        // Only this instance is left alive to have read it.
        expect((await received()).map((message) => message.text)).toEqual([
          'First',
          'Second',
          'Third',
        ]);
      },
    );
  },
);
