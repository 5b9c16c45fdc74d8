import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailTransport } from '../../server/mail/create-transport';
import type { MailLog, MailTransport } from '../../server/mail/mail-transport';
import { createRetrySchedule } from '../../server/mail/retry-schedule';
import { startOutboxWorker, type OutboxWorker } from '../../server/mail/outbox-worker';
import type { MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import type { Store } from '../../server/store/store';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import { startMailServer, waitFor } from './helpers/mail-server';
import {
  CLIENT,
  MAIL_DOMAIN as DOMAIN,
  openAnsweredEnquiry,
  startTestWatch,
} from './helpers/mailbox-watch-fixture';
import { rawMessage } from './helpers/raw-message';
import { listStoreFixtures, type StoreFixture } from './helpers/store-fixtures';

const OWNER = `mara@${DOMAIN}`;
const SITE = 'https://emberandink.example';
const quiet: MailLog = { info: () => undefined, error: () => undefined };

describe.skipIf(!hasDovecot()).each(listStoreFixtures())(
  "a client's answer told to the lead's owner ($name)",
  ({ createFixture }) => {
    let fixture: StoreFixture;
    let store: Store;
    let dovecot: Dovecot;
    let watch: MailboxWatch | null = null;
    let worker: OutboxWorker | null = null;
    let transport: MailTransport | null = null;
    let smtp: Awaited<ReturnType<typeof startMailServer>>;
    let mailDir: string;

    beforeEach(async () => {
      fixture = await createFixture();
      store = await fixture.open();
      dovecot = await startDovecot();
      smtp = await startMailServer();
      mailDir = await mkdtemp(path.join(tmpdir(), 'ember-notice-'));
    });

    afterEach(async () => {
      await watch?.stop();
      await worker?.stop();
      transport?.close();
      watch = null;
      worker = null;
      await smtp.close();
      await dovecot.stop();
      await fixture.dispose();
      await rm(mailDir, { recursive: true, force: true });
    });

    it('emails the owner each answer once, unverified and saying so, with its words and a link to the lead', async () => {
      await store.auth.createStaff(OWNER, new Date());
      const { enquiryId, replyMessageId } = await openAnsweredEnquiry(store);
      transport = createMailTransport({ smtpUrl: smtp.url, dataDir: mailDir, log: quiet });
      worker = startOutboxWorker({
        store,
        transport,
        addresses: { to: `hello@${DOMAIN}`, from: `Ember & Ink website <website@${DOMAIN}>` },
        schedule: createRetrySchedule({ baseDelayMs: 40, maxDelayMs: 200, maxAttempts: 50 }),
        siteOrigin: SITE,
        pollIntervalMs: 50,
        leaseMs: 10_000,
        log: quiet,
      });
      watch = startTestWatch({ url: dovecot.url, leads: store.leads });

      const answer = (subject: string, text: string, messageId: string) =>
        rawMessage(
          {
            From: CLIENT,
            To: `hello@${DOMAIN}`,
            Subject: subject,
            'In-Reply-To': replyMessageId,
            'Message-ID': messageId,
          },
          text,
        );
      await dovecot.deliver(answer('Re: first', 'Thursday works.', `<a1@client.example>`));
      await dovecot.deliver(answer('Re: first', 'Thursday works.', `<a1@client.example>`));
      await dovecot.deliver(answer('Re: second', 'Or Friday.', `<a2@client.example>`));

      const toOwner = () =>
        smtp.received.filter(
          (mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(OWNER),
        );
      // Generous: on PostgreSQL the watch first takes the mailbox's lock.
      await waitFor(
        async () => toOwner().length >= 2 && (await store.readOutboxBacklog()).count === 0,
        40_000,
      );
      const notices = toOwner();
      expect(notices).toHaveLength(2);
      for (const notice of notices) {
        // The watch names no mail server of the studio's (IMAP_AUTHSERV_ID): nobody is verified.
        expect(notice.subject).toBe('Ann Lee answered (unverified sender)');
        expect(notice.text).toContain(
          `Unverified sender: the studio's mail server did not confirm that this came from ${CLIENT}.`,
        );
        expect(notice.text).toContain(`${SITE}/studio?view=enquiry&id=${enquiryId}`);
      }
      const quoted = notices.map((notice) => notice.text?.split('Their answer:\n\n')[1] ?? '');
      expect(quoted.map((text) => text.split('\n')[0]).sort()).toEqual([
        'Or Friday.',
        'Thursday works.',
      ]);
    });
  },
);
