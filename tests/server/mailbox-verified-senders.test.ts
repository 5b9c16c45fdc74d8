import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReplyThreads } from '../../server/mail/reply-threads';
import { IMPORTED_KEYWORD, type MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import type { Store } from '../../server/store/store';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import { waitFor } from './helpers/mail-server';
import {
  CLIENT,
  MAIL_DOMAIN as DOMAIN,
  clientMessage,
  openAnsweredEnquiry,
  startTestWatch,
} from './helpers/mailbox-watch-fixture';
import { listStoreFixtures, type StoreFixture } from './helpers/store-fixtures';

const OUR_SERVER = `mx.${DOMAIN}`;
const threads = createReplyThreads({
  secret: TEST_CHALLENGE_SECRET,
  replyAddress: `reply@${DOMAIN}`,
});

describe.skipIf(!hasDovecot()).each(listStoreFixtures())(
  'answers from the real mailbox, verified or not ($name)',
  ({ createFixture }) => {
    let fixture: StoreFixture;
    let store: Store;
    let dovecot: Dovecot;
    let watch: MailboxWatch | null = null;
    let enquiryId: string;
    let replyMessageId: string;

    const startWatch = (authservId: string | null) => {
      watch = startTestWatch({
        url: dovecot.url,
        leads: store.leads,
        tokenHashesIn: threads.tokenHashesIn,
        authservId,
        // A new holder of the lock waits two checks before it reads (0064): 200 ms, not 10 s.
        lockCheckIntervalMs: 100,
      });
    };
    /** The thread and where the lead stands, read without marking the answer as seen. */
    const readLead = async () => ({
      thread: (await store.leads.readLeads([enquiryId])).get(enquiryId)?.thread ?? [],
      summary: (await store.leads.summarizeLeads([enquiryId])).get(enquiryId),
    });
    /** Once the watch flagged the answer as taken (asking the mailbox, not the store): the lead. */
    const answerOnce = async () => {
      await waitFor(async () => {
        const client = await dovecot.connect();
        try {
          await client.mailboxOpen('INBOX');
          const [found] = await client.fetchAll('1:*', { flags: true });
          return found?.flags?.has(IMPORTED_KEYWORD);
        } finally {
          await client.logout();
        }
      });
      return readLead();
    };
    /** An answer from the client as our server stored it: its verdict on top, then the rest. */
    const answer = (verdict: string, headers: Record<string, string> = {}) =>
      `Authentication-Results: ${verdict}\r\n${clientMessage(
        { Subject: 'Tuesday', 'In-Reply-To': replyMessageId, ...headers },
        'Tuesday works.',
      )}`;

    beforeEach(async () => {
      fixture = await createFixture();
      store = await fixture.open();
      dovecot = await startDovecot();
      ({ enquiryId, replyMessageId } = await openAnsweredEnquiry(store, threads.tokenHashFor));
      expect((await readLead()).summary).toMatchObject({ hasNewReply: false, waitingSince: null });
    });

    afterEach(async () => {
      await watch?.stop();
      watch = null;
      await dovecot.stop();
      await fixture.dispose();
    });

    it('shows an answer our server vouched for as verified, and it moves the lead', async () => {
      startWatch(OUR_SERVER);
      await dovecot.deliver(
        answer(`${OUR_SERVER}; dkim=pass header.d=example.com; dmarc=pass header.from=example.com`),
      );

      const { thread, summary } = await answerOnce();
      expect(thread.at(-1)).toMatchObject({
        from: CLIENT,
        text: 'Tuesday works.',
        isVerified: true,
      });
      expect(summary?.hasNewReply).toBe(true);
      expect(summary?.waitingSince).toBe(thread.at(-1)?.at);
    });

    it('shows a forged pass below our own verdict as unverified, and it moves nothing', async () => {
      startWatch(OUR_SERVER);
      await dovecot.deliver(
        answer(
          `${OUR_SERVER}; spf=fail smtp.mailfrom=attacker.example; dmarc=fail header.from=example.com`,
          {
            'Authentication-Results': `${OUR_SERVER}; dmarc=pass header.from=example.com`,
          },
        ),
      );

      const { thread, summary } = await answerOnce();
      expect(thread.at(-1)).toMatchObject({
        from: CLIENT,
        text: 'Tuesday works.',
        isVerified: false,
      });
      expect(summary).toMatchObject({ hasNewReply: false, waitingSince: null });
    });

    it('verifies nobody when the studio names no mail server of its own', async () => {
      startWatch(null);
      await dovecot.deliver(answer(`${OUR_SERVER}; dmarc=pass header.from=example.com`));

      const { thread, summary } = await answerOnce();
      expect(thread.at(-1)?.isVerified).toBe(false);
      expect(summary?.hasNewReply).toBe(false);
    });
  },
);
