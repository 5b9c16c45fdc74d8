import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReplyThreads } from '../../server/mail/reply-threads';
import { createHealthHandlers } from '../../server/routes/health-routes';
import { IMPORTED_KEYWORD, type MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import type { Store } from '../../server/store/store';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import { waitFor } from './helpers/mail-server';
import {
  CLIENT,
  MAIL_DOMAIN as DOMAIN,
  openAnsweredEnquiry,
  readAnswers,
  recordLog,
  startTestWatch,
  type WatchLogLine as Line,
} from './helpers/mailbox-watch-fixture';
import { rawMessage } from './helpers/raw-message';
import { listStoreFixtures, type StoreFixture } from './helpers/store-fixtures';

const REPLY_ADDRESS = `reply@${DOMAIN}`;
const threads = createReplyThreads({ secret: TEST_CHALLENGE_SECRET, replyAddress: REPLY_ADDRESS });

describe.skipIf(!hasDovecot()).each(listStoreFixtures())(
  'the mailbox watch ($name)',
  ({ createFixture }) => {
    let fixture: StoreFixture;
    let store: Store;
    let dovecot: Dovecot;
    let watch: MailboxWatch | null = null;
    let lines: Line[];
    let enquiryId: string;
    let replyMessageId: string;

    const startWatch = (url = dovecot.url, messageBytes?: number) => {
      watch = startTestWatch({
        url,
        leads: store.leads,
        tokenHashesIn: threads.tokenHashesIn,
        log: recordLog(lines),
        lockCheckIntervalMs: 100,
        backoffMs: 100,
        maxBackoffMs: 400,
        messageBytes,
      });
      return watch;
    };
    const received = () => readAnswers(store.leads, enquiryId);

    beforeEach(async () => {
      lines = [];
      fixture = await createFixture();
      store = await fixture.open();
      dovecot = await startDovecot();
      ({ enquiryId, replyMessageId } = await openAnsweredEnquiry(store, threads.tokenHashFor));
    });

    afterEach(async () => {
      await watch?.stop();
      watch = null;
      await dovecot.stop();
      await fixture.dispose();
    });

    async function flagsOf(subject: string): Promise<Set<string>> {
      const client = await dovecot.connect();
      try {
        await client.mailboxOpen('INBOX');
        const [found] = await client.fetchAll({ header: { subject } }, { flags: true });
        return found?.flags ?? new Set();
      } finally {
        await client.logout();
      }
    }

    it('joins answers by their headers or by the reply address from the client, once, and flags them', async () => {
      startWatch();
      await dovecot.deliver(
        rawMessage(
          { From: CLIENT, To: REPLY_ADDRESS, Subject: 'by headers', 'In-Reply-To': replyMessageId },
          'Tuesday works.',
        ),
      );
      const [first] = await waitFor(async () =>
        (await received()).length === 1 ? received() : undefined,
      );
      expect(first).toMatchObject({ from: CLIENT, text: 'Tuesday works.', isThirdParty: false });
      await waitFor(async () => (await flagsOf('by headers')).has(IMPORTED_KEYWORD));
      expect(await flagsOf('by headers')).toContain('\\Seen');

      const tokenAddress = threads.replyAddressFor(enquiryId) ?? '';
      await dovecot.deliver(
        rawMessage({ From: CLIENT, To: tokenAddress, Subject: 'by token' }, 'Also Wednesday.'),
      );
      await dovecot.deliver(
        rawMessage(
          { From: 'stranger@else.example', To: tokenAddress, Subject: 'stranger with token' },
          'Hi',
        ),
      );
      await dovecot.deliver(
        rawMessage(
          { From: CLIENT, To: REPLY_ADDRESS, Subject: 'Re: Your enquiry to Ember & Ink' },
          'Subject only',
        ),
      );
      await dovecot.deliver(
        rawMessage(
          {
            From: 'partner@agency.example',
            To: REPLY_ADDRESS,
            Subject: 'third party',
            References: replyMessageId,
          },
          'I am the partner.',
        ),
      );
      await waitFor(async () => ((await received()).length === 3 ? true : undefined));
      // Every later message read, the unmatched ones left as they were.
      await waitFor(async () => (await flagsOf('third party')).has(IMPORTED_KEYWORD));
      expect((await received()).map((message) => [message.text, message.isThirdParty])).toEqual([
        ['Tuesday works.', false],
        ['Also Wednesday.', false],
        ['I am the partner.', true],
      ]);
      expect((await flagsOf('stranger with token')).size).toBe(0);
      expect((await flagsOf('Re: Your enquiry to Ember & Ink')).size).toBe(0);

      // A restart, and a mailbox whose UIDVALIDITY changed: everything is read again, nothing twice.
      await watch?.stop();
      const [cursorKey] = ['imap://127.0.0.1:' + String(dovecot.port) + '/INBOX'];
      await store.leads.saveMailboxCursor(cursorKey, { uidValidity: '1', lastUid: 99 });
      startWatch();
      await waitFor(() => lines.some((line) => line.message.includes('UIDVALIDITY changed')));
      await dovecot.deliver(
        rawMessage(
          {
            From: CLIENT,
            To: REPLY_ADDRESS,
            Subject: 'after restart',
            'In-Reply-To': replyMessageId,
          },
          'Last one.',
        ),
      );
      await waitFor(async () => ((await received()).length === 4 ? true : undefined));
      await waitFor(async () => (await flagsOf('after restart')).has(IMPORTED_KEYWORD));
      expect(await received()).toHaveLength(4);
    });

    it('keeps the text of HTML mail, lists attachments, and keeps an oversized message without its excess', async () => {
      startWatch(dovecot.url, 64 * 1024);
      const boundary = 'b-1';
      const pdf = Buffer.from('%PDF-1.4 the brief').toString('base64');
      await dovecot.deliver(
        rawMessage(
          {
            From: CLIENT,
            To: REPLY_ADDRESS,
            Subject: 'html and attachment',
            'In-Reply-To': replyMessageId,
            'Content-Type': `multipart/mixed; boundary="${boundary}"`,
          },
          [
            `--${boundary}`,
            'Content-Type: text/html; charset=utf-8',
            '',
            '<p>Here is <b>the brief</b>.</p><script>alert(1)</script>',
            `--${boundary}`,
            'Content-Type: application/pdf; name="brief.pdf"',
            'Content-Disposition: attachment; filename="brief.pdf"',
            'Content-Transfer-Encoding: base64',
            '',
            pdf,
            `--${boundary}--`,
          ].join('\r\n'),
        ),
      );
      const big = 'x'.repeat(200 * 1024);
      await dovecot.deliver(
        rawMessage(
          { From: CLIENT, To: REPLY_ADDRESS, Subject: 'big', 'In-Reply-To': replyMessageId },
          `Start. ${big}`,
        ),
      );
      await dovecot.deliver('this is not MIME at all\r\n\r\n--\r\n');
      const [html, oversized] = await waitFor(async () => {
        const list = await received();
        return list.length === 2 ? list : undefined;
      });
      expect(html?.text).toContain('Here is the brief.');
      expect(html?.text).not.toContain('<');
      expect(html?.attachments).toMatchObject([{ name: 'brief.pdf', type: 'application/pdf' }]);
      expect(oversized).toMatchObject({ isTruncated: true, attachments: [] });
      expect(oversized?.text.startsWith('Start.')).toBe(true);
      expect(oversized?.text.length).toBeLessThan(64 * 1024);
    });

    it('says clearly when the mailbox refuses the password, never the password, and keeps trying', async () => {
      const wrong = new URL(dovecot.url);
      wrong.password = 'not-the-password';
      const current = startWatch(wrong.href);
      await waitFor(() => lines.filter((line) => line.level === 'error').length >= 2);
      expect(lines[0]?.fields?.reason).toBe(
        'the mailbox refused the user name or password in IMAP_URL',
      );
      expect(JSON.stringify(lines)).not.toContain('not-the-password');
      expect(current.readTrouble()?.reason).toMatch(/refused the user name or password/);

      const health = createHealthHandlers({
        store,
        readSiteProblem: () => null,
        securityHeaders: {},
        now: Date.now,
        metricsToken: 'an-operator-token-of-32-chars!!',
        readMailboxTrouble: () => current.readTrouble(),
      });
      expect(await (await health.ready(undefined)).json()).toEqual({ status: 'degraded' });
      const operator = (await (
        await health.ready('Bearer an-operator-token-of-32-chars!!')
      ).json()) as { status: string; reason: string };
      expect(operator.status).toBe('degraded');
      expect(operator.reason).toMatch(/mailbox has not been read since .*refused the user name/);
    });

    it('imports an answer that arrives among many other messages at once', async () => {
      const client = await dovecot.connect();
      for (let index = 0; index < 200; index += 1) {
        await client.append(
          'INBOX',
          rawMessage({ From: `n${index}@news.example`, Subject: `news ${index}` }, 'Offer'),
        );
      }
      await client.append(
        'INBOX',
        rawMessage(
          { From: CLIENT, Subject: 'in the crowd', 'In-Reply-To': replyMessageId },
          'Found me.',
        ),
      );
      await client.logout();
      startWatch();
      const [answer] = await waitFor(
        async () => ((await received()).length === 1 ? received() : undefined),
        30_000,
      );
      expect(answer?.text).toBe('Found me.');
    });
  },
);
