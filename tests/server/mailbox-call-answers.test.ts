import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '../../common/studio-inbox';
import type { MailboxWatch } from '../../server/mailbox/start-mailbox-watch';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import { calendarReplyMessage } from './helpers/calendar-reply';
import { waitFor } from './helpers/mail-server';
import { MAIL_DOMAIN, startTestWatch } from './helpers/mailbox-watch-fixture';
import { rawMessage } from './helpers/raw-message';
import { MESSAGE, newEnquiry } from './helpers/store-fixtures';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';

const VISITOR = 'jordan@example.com';
const STUDIO = `hello@${MAIL_DOMAIN}`;

describe.skipIf(!hasDovecot()).each(INBOX_BACKENDS)(
  "a visitor's answers to a call's invitation ($name)",
  (backend) => {
    let app: InboxApp;
    let dovecot: Dovecot;
    let watch: MailboxWatch | null = null;

    beforeEach(async () => {
      app = await startInboxApp(backend);
      dovecot = await startDovecot();
    });

    afterEach(async () => {
      await watch?.stop();
      watch = null;
      await dovecot.stop();
      await app.close();
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

    it('files a plain answer and a calendar Accepted under the lead, and leaves nothing unread', async () => {
      const enquiry = await app.store.saveEnquiry(
        newEnquiry({ message: { ...MESSAGE, email: VISITOR } }),
      );
      if (enquiry.kind !== 'created') throw new Error('expected an enquiry');
      const start = new Date(Date.UTC(2031, 2, 4, 10));
      const end = new Date(start.getTime() + 30 * 60 * 1000);
      const booked = await app.store.bookings.book({
        start,
        end,
        blockedUntil: end,
        day: '2031-03-04',
        maxPerDay: 8,
        lead: newEnquiry({ message: { ...MESSAGE, email: VISITOR, message: 'A call, please.' } }),
        name: MESSAGE.name,
        email: VISITOR,
        note: '',
      });
      if (booked.kind !== 'booked') throw new Error('expected a call');
      // The call joined the person's open lead: its answers belong there, not to the call's enquiry.
      expect(booked.leadId).toBe(enquiry.leadId);
      const invitation = await waitFor(() =>
        app.mail.received.find(
          (mail) =>
            mail.to !== undefined &&
            [mail.to].flat()[0]?.text === VISITOR &&
            mail.messageId?.startsWith('<booking-'),
        ),
      );
      const invitationId = invitation.messageId ?? '';

      watch = startTestWatch({ url: dovecot.url, leads: app.store.leads });
      await dovecot.deliver(
        rawMessage(
          {
            From: VISITOR,
            To: STUDIO,
            Subject: `Re: ${invitation.subject ?? ''}`,
            'In-Reply-To': invitationId,
          },
          'Looking forward to it.',
        ),
      );
      await dovecot.deliver(
        calendarReplyMessage({
          from: VISITOR,
          to: STUDIO,
          uid: booked.booking.uid,
          partstat: 'ACCEPTED',
        }),
      );
      // An answer to a call whose lead is gone (forgotten) is set aside where staff see it.
      await dovecot.deliver(
        rawMessage(
          {
            From: VISITOR,
            To: STUDIO,
            Subject: 'Re: an old call',
            'In-Reply-To': `<booking-${randomUUID()}.1@${MAIL_DOMAIN}>`,
          },
          'Is this still on?',
        ),
      );

      const readLead = async () => {
        const response = await app.call(`enquiries/${enquiry.leadId}`);
        expect(response.status).toBe(200);
        return (await response.json()) as EnquiryDetail;
      };
      const answers = async () =>
        (await readLead()).thread.filter(
          (message) => message.direction === 'in' && !message.isThroughTheSite,
        );
      await expect.poll(async () => (await answers()).length, { timeout: 30_000 }).toBe(2);
      expect(
        (await answers()).map(({ text, calendarAnswer }) => ({ text, calendarAnswer })),
      ).toEqual([
        { text: 'Looking forward to it.', calendarAnswer: null },
        { text: `${VISITOR} has answered this invitation.`, calendarAnswer: 'accepted' },
      ]);

      await expect.poll(unseenInMailbox, { timeout: 30_000 }).toEqual([]);
      const setAside = await app.store.leads.listUnreadable();
      expect(setAside.map(({ subject }) => subject)).toEqual(['Re: an old call']);
      expect(setAside[0]?.reason).toContain('no lead holds what it answers');
    });
  },
);
