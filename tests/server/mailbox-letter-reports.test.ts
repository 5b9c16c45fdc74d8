import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriberPage } from '../../common/studio-inbox';
import type { MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { insertLetter, runSql } from './helpers/letter-rows';
import { waitFor } from './helpers/mail-server';
import { MAIL_DOMAIN, startTestWatch } from './helpers/mailbox-watch-fixture';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

/** A report as a receiving server sends it: a human part, the machine part, the returned headers. */
function reportOf(reportType: string, machinePart: string, copyMessageId: string): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
    `To: hello@${MAIL_DOMAIN}`,
    `Message-ID: <${randomUUID()}@mx.example>`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=${reportType}; boundary="REPORT"`,
    '',
    '--REPORT',
    'Content-Type: text/plain',
    '',
    'This is a report about a message you sent.',
    '',
    '--REPORT',
    machinePart,
    '',
    '--REPORT',
    'Content-Type: text/rfc822-headers',
    '',
    `From: Ember & Ink <hello@${MAIL_DOMAIN}>`,
    `Message-ID: ${copyMessageId}`,
    'Subject: Spring at the studio',
    '',
    '--REPORT--',
    '',
  ].join('\r\n');
}

const FAILED = [
  'Content-Type: message/delivery-status',
  '',
  'Reporting-MTA: dns; mx.example',
  '',
  'Final-Recipient: rfc822; gone@example.com',
  'Action: failed',
  'Status: 5.1.1',
].join('\r\n');
const ABUSE = [
  'Content-Type: message/feedback-report',
  '',
  'Feedback-Type: abuse',
  'Version: 1',
].join('\r\n');

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend) || !hasDovecot())(
    `bounces and complaints about letters (${backend.name})`,
    () => {
      let app: TestApp;
      let dovecot: Dovecot;
      let watch: MailboxWatch;

      beforeAll(async () => {
        app = await startTestApp(backend);
        dovecot = await startDovecot();
        watch = startTestWatch({
          url: dovecot.url,
          leads: app.store.leads,
          letterReports: app.store.letterReports,
        });
      });
      afterAll(async () => {
        await watch?.stop();
        await dovecot?.stop();
        await app?.close();
      });

      async function unseenInMailbox(): Promise<number[]> {
        const client = await dovecot.connect();
        try {
          await client.mailboxOpen('INBOX');
          return (await client.search({ seen: false }, { uid: true })) || [];
        } finally {
          await client.logout();
        }
      }

      const copyStates = async (letterId: string) =>
        (await runSql(
          app.config,
          'select subscriber_id, state from letter_recipients where letter_id = ? order by subscriber_id',
          [letterId],
        )) as { subscriber_id: string; state: string }[];

      it('marks the copy and the address, shows it in the studio, and makes no lead of it', async () => {
        const addresses = ['gone@example.com', 'angry@example.com', 'fine@example.com'];
        for (const address of addresses) await app.store.subscribe(address);
        const ids = new Map(
          (await app.store.listSubscribers()).map((subscriber) => [
            subscriber.email,
            subscriber.id,
          ]),
        );
        const letterId = randomUUID();
        await insertLetter(app.config, {
          id: letterId,
          slug: 'spring-at-the-studio',
          subject: 'Spring at the studio',
          body: 'Hello.',
          state: 'sent',
          sentAt: new Date().toISOString(),
        });
        for (const address of addresses) {
          await runSql(
            app.config,
            "insert into letter_recipients (letter_id, subscriber_id, state, attempts) values (?, ?, 'sent', 1)",
            [letterId, ids.get(address)],
          );
        }
        const copyOf = (address: string) =>
          `<letter-${letterId}.${ids.get(address) ?? ''}@${MAIL_DOMAIN}>`;
        const leadsBefore = await app.store.countInbox();

        await dovecot.deliver(reportOf('delivery-status', FAILED, copyOf('gone@example.com')));
        await dovecot.deliver(reportOf('feedback-report', ABUSE, copyOf('angry@example.com')));

        const states = await waitFor(async () => {
          const rows = await copyStates(letterId);
          return rows.filter((row) => row.state !== 'sent').length === 2 && rows;
        });
        const stateOf = (address: string) =>
          states.find((row) => row.subscriber_id === ids.get(address))?.state;
        expect(stateOf('gone@example.com')).toBe('bounced');
        expect(stateOf('angry@example.com')).toBe('complained');
        expect(stateOf('fine@example.com')).toBe('sent');

        const staff = await createSignedInStaff(studioTargetOf(app));
        const response = await studioFetch(studioTargetOf(app), '/subscribers', {
          cookie: staff.cookie,
        });
        const page = (await response.json()) as SubscriberPage;
        const statusOf = (address: string) =>
          page.items.find((item) => item.email === address)?.status;
        expect(statusOf('gone@example.com')).toBe('bounced');
        expect(statusOf('angry@example.com')).toBe('complained');
        expect(statusOf('fine@example.com')).toBe('pending');
        expect(page.counts.bounced).toBe(1);
        expect(page.counts.complained).toBe(1);

        const marked = (await runSql(
          app.config,
          'select email, undeliverable_at from subscribers where undeliverable is not null order by email',
          [],
        )) as { email: string; undeliverable_at: unknown }[];
        expect(marked.map((row) => row.email)).toEqual(['angry@example.com', 'gone@example.com']);
        expect(marked.every((row) => row.undeliverable_at !== null)).toBe(true);

        // A later bounce of a copy its reader complained of leaves the complaint standing.
        await dovecot.deliver(reportOf('delivery-status', FAILED, copyOf('angry@example.com')));
        await waitFor(async () => (await unseenInMailbox()).length === 0);
        const again = await copyStates(letterId);
        expect(again.find((row) => row.subscriber_id === ids.get('angry@example.com'))?.state).toBe(
          'complained',
        );

        expect(await app.store.countInbox()).toEqual(leadsBefore);
        expect(await app.store.leads.listUnreadable()).toEqual([]);
        expect(await unseenInMailbox()).toEqual([]);
      });
    },
  );
}
