import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import { ADVISORY_LOCK_KEYS } from '../../server/store/db/advisory-locks';
import { StoreUnavailableError } from '../../server/store/db/store-unavailable-error';
import type { LeadRepository } from '../../server/store/leads/lead-repository';
import type { Store } from '../../server/store/store';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
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
import { createPostgresFixture, type StoreFixture } from './helpers/store-fixtures';

const postgresUrl = readTestDatabaseUrl();

describe.skipIf(!hasDovecot() || postgresUrl === undefined)(
  'the mailbox watch never drops an answer (PostgreSQL)',
  () => {
    let dovecot: Dovecot;
    let fixture: StoreFixture;
    let store: Store;
    let watches: MailboxWatch[];
    let enquiryId: string;
    let replyMessageId: string;

    beforeAll(async () => {
      dovecot = await startDovecot();
    });
    afterAll(() => dovecot.stop());

    beforeEach(async () => {
      watches = [];
      fixture = await createPostgresFixture(postgresUrl ?? '');
      store = await fixture.open();
      ({ enquiryId, replyMessageId } = await openAnsweredEnquiry(store));
    });
    afterEach(async () => {
      await Promise.all(watches.map((watch) => watch.stop()));
      await fixture.dispose();
      await emptyInbox(dovecot);
    });

    /** A watch over `leads`, whose log lines (with the time each was said) go to `lines`. */
    function startWatch(leads: Store['leads'], lines: Line[]): MailboxWatch {
      const watch = startTestWatch({
        url: dovecot.url,
        leads,
        log: recordLog(lines),
        takeOverIntervalMs: 200,
        lockCheckIntervalMs: 100,
        backoffMs: 100,
        maxBackoffMs: 400,
      });
      watches.push(watch);
      return watch;
    }
    const answer = (headers: Record<string, string>, body: string) =>
      dovecot.deliver(clientMessage({ 'In-Reply-To': replyMessageId, ...headers }, body));
    const received = () => readAnswers(store.leads, enquiryId);

    it('keeps an answer whose subject and text hold NUL bytes', async () => {
      await answer({ Subject: '=?UTF-8?Q?Hello=00there?=' }, 'Tuesday\0 works.');
      startWatch(store.leads, []);
      const [kept] = await waitFor(async () => {
        const list = await received();
        return list.length === 1 ? list : undefined;
      });
      expect(kept).toMatchObject({ subject: 'Hello\uFFFDthere', text: 'Tuesday\uFFFD works.' });
    });

    it('leaves an answer the store fails on for the next pass, and stores it once the store is back, once', async () => {
      let isFailing = true;
      const leads: Pick<LeadRepository, 'importMessage'> = {
        importMessage: (message) =>
          isFailing
            ? Promise.reject(new StoreUnavailableError('Storage unavailable: deadlock detected'))
            : store.leads.importMessage(message),
      };
      const lines: Line[] = [];
      await answer({ Subject: 'first' }, 'First.');
      await answer({ Subject: 'second' }, 'Second.');
      startWatch({ ...store.leads, ...leads }, lines);
      await waitFor(
        () =>
          lines.filter((line) => line.message === 'mailbox answer not stored, retrying').length >=
          3,
      );
      expect(await received()).toEqual([]);
      const label = `imap://127.0.0.1:${String(dovecot.port)}/INBOX`;
      expect((await store.leads.readMailboxCursor(label))?.lastUid ?? 0).toBe(0);
      const failures = lines.filter((line) => line.level === 'error');
      expect(failures.map((line) => line.fields?.retryInMs).slice(0, 3)).toEqual([100, 200, 400]);
      expect(failures[0]?.fields?.reason).toMatch(
        /^the answer with UID \d+ could not be stored: Storage unavailable: deadlock detected$/,
      );

      isFailing = false;
      const back = Date.now();
      await waitFor(async () => ((await received()).length === 2 ? true : undefined));
      console.info(
        `answers held back by the store stored ${String(Date.now() - back)} ms after it was back`,
      );
      // A window of a few more passes: each answer is there once, and no event says none came twice.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect((await received()).map((message) => message.text)).toEqual(['First.', 'Second.']);
    });

    it('stops watching when its lock is gone, and one instance takes over, never two at once', async () => {
      const first: Line[] = [];
      const second: Line[] = [];
      startWatch(store.leads, first);
      startWatch((await fixture.rival(store)).leads, second);
      const isWatched = (lines: Line[]) =>
        lines.some((line) => line.message === 'mailbox watched by this instance');
      await waitFor(() => isWatched(first) || isWatched(second));

      const observer = new pg.Client({ connectionString: fixture.databaseUrl });
      await observer.connect();
      const { rows } = await observer.query<{ pid: number }>(
        "select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted",
        [ADVISORY_LOCK_KEYS.mailboxWatch],
      );
      expect(rows).toHaveLength(1);
      const cut = Date.now();
      await observer.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
      await observer.end();

      const since = (lines: Line[]) => lines.filter((line) => line.at > cut);
      await waitFor(() => isWatched(since(first)) || isWatched(since(second)), 30_000);
      console.info(`mailbox watched again ${String(Date.now() - cut)} ms after its lock was cut`);
      const lost = [...first, ...second].filter((line) => line.message.includes('lock'));
      expect(lost.map((line) => line.message)).toEqual([
        'mailbox watch stopped: its lock in the database was lost',
      ]);
      await answer({ Subject: 'after the cut' }, 'Still here.');
      await waitFor(async () => ((await received()).length === 1 ? true : undefined));

      // Each instance's turns watching, from "watched" to "stopped": none overlaps another's.
      const turns = (lines: Line[]) =>
        lines.flatMap((line, index) => {
          if (line.message !== 'mailbox watched by this instance') return [];
          const end = lines.slice(index).find((later) => later.message.includes('stopped'));
          return [{ from: line.at, to: end?.at ?? Infinity }];
        });
      for (const mine of turns(first)) {
        for (const theirs of turns(second)) {
          expect(mine.to <= theirs.from || theirs.to <= mine.from).toBe(true);
        }
      }
    });
  },
);
