import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UnreadableMail } from '../../common/unreadable-mail';
import type { MailboxWatch, MailboxWatchOptions } from '../../server/mailbox/start-mailbox-watch';
import { StoreUnavailableError } from '../../server/store/db/store-unavailable-error';
import type { LeadRepository } from '../../server/store/leads/lead-repository';
import { hasDovecot, startDovecot, type Dovecot } from '../support/dovecot';
import type { Backend } from './helpers/backends';
import { waitFor } from './helpers/mail-server';
import {
  CLIENT,
  clientMessage,
  emptyInbox,
  openAnsweredEnquiry,
  readAnswers,
  startTestWatch,
} from './helpers/mailbox-watch-fixture';
import { rawMessage } from './helpers/raw-message';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const SQLITE: Backend = { name: 'sqlite', databaseUrl: undefined };

/** 1,001 parts: one more than the mail parser reads. */
function messageOfManyParts(): string {
  const parts = Array.from(
    { length: 1001 },
    (_, index) => `--b\r\nContent-Type: text/plain\r\n\r\nPhoto ${String(index)}\r\n`,
  ).join('');
  return rawMessage(
    {
      From: `Ann Lee <${CLIENT}>`,
      Subject: 'All the photos',
      'Content-Type': 'multipart/mixed; boundary="b"',
    },
    `${parts}--b--`,
  );
}

/** A header of over 1 MB, past the mail parser's limit, after a readable From and Subject. */
function messageOfLongHeader(): string {
  const folded = Array.from({ length: 1100 }, () => 'x'.repeat(990)).join('\r\n ');
  return rawMessage({ From: CLIENT, Subject: 'Long', 'X-Long': folded }, 'Hello');
}

describe.skipIf(!hasDovecot())(
  'mail the parser cannot read, through a real mailbox and the studio (SQLite)',
  () => {
    let dovecot: Dovecot;
    let app: TestApp;
    let cookie: string;
    let watch: MailboxWatch | undefined;

    const target = () => studioTargetOf(app);
    const list = async () => {
      const response = await studioFetch(target(), '/mailbox/unreadable', { cookie });
      return ((await response.json()) as { items: UnreadableMail[] }).items;
    };

    beforeAll(async () => {
      dovecot = await startDovecot();
      app = await startTestApp(SQLITE);
      ({ cookie } = await createSignedInStaff(target()));
    });
    /** The lead each test's thread is on: closed after it, so the next test's opens anew. */
    let threadLead: string | undefined;
    afterEach(async () => {
      await watch?.stop();
      await emptyInbox(dovecot);
      if (threadLead !== undefined) {
        await app.store.leads.changeLead(threadLead, { stage: 'lost' }, new Date());
      }
    });
    afterAll(async () => {
      await app?.close();
      await dovecot?.stop();
    });

    /** The watch the server starts with IMAP_URL, on its store, checking every 200 ms. */
    function startWatch(leads: MailboxWatchOptions['leads'] = app.store.leads) {
      watch = startTestWatch({
        url: dovecot.url,
        leads,
        backoffMs: 100,
        maxBackoffMs: 400,
      });
    }

    /** An enquiry the studio answered, and a way to deliver and read the client's answers. */
    async function openThread() {
      const { enquiryId, replyMessageId } = await openAnsweredEnquiry(app.store);
      threadLead = enquiryId;
      return {
        answer: (text: string) =>
          dovecot.deliver(clientMessage({ 'In-Reply-To': replyMessageId, Subject: 'Re' }, text)),
        received: async () =>
          (await readAnswers(app.store.leads, enquiryId)).map(({ text }) => text),
      };
    }

    it('sets it aside with its raw copy, imports the answer after it, and lets staff dismiss it', async () => {
      const thread = await openThread();
      const manyParts = messageOfManyParts();
      await dovecot.deliver(manyParts);
      const longHeader = messageOfLongHeader();
      await dovecot.deliver(longHeader);
      await thread.answer('Tuesday works.');
      startWatch();

      await waitFor(async () => ((await thread.received()).length > 0 ? true : undefined));
      expect(await thread.received()).toEqual(['Tuesday works.']);
      const items = await list();
      const bySubject = [...items].sort((a, b) => (a.subject ?? '').localeCompare(b.subject ?? ''));
      expect(bySubject.map(({ id: _id, receivedAt: _at, ...item }) => item)).toEqual([
        {
          size: Buffer.byteLength(manyParts),
          reason: 'It has more than 1,000 parts (attachments, alternatives, nested messages).',
          from: CLIENT,
          subject: 'All the photos',
        },
        {
          size: Buffer.byteLength(longHeader),
          reason: 'Its headers, or those of one of its parts, are longer than 1 MB.',
          from: CLIENT,
          subject: 'Long',
        },
      ]);
      const [first, second] = bySubject;
      const raw = await studioFetch(target(), `/mailbox/unreadable/${first?.id ?? ''}/raw`, {
        cookie,
      });
      expect(raw.status).toBe(200);
      expect(Buffer.from(await raw.arrayBuffer()).equals(Buffer.from(manyParts))).toBe(true);

      for (const item of [first, second]) {
        const dismissed = await studioFetch(target(), `/mailbox/unreadable/${item?.id ?? ''}`, {
          method: 'DELETE',
          cookie,
        });
        expect(dismissed.status).toBe(204);
      }
      expect(await list()).toEqual([]);
    });

    it('leaves it, and the answers after it, for the next pass when its copy cannot be stored', async () => {
      const thread = await openThread();
      let isFailing = true;
      let refusals = 0;
      const failing: Pick<LeadRepository, 'setAsideUnreadable'> = {
        setAsideUnreadable: (message) => {
          if (!isFailing) return app.store.leads.setAsideUnreadable(message);
          refusals += 1;
          return Promise.reject(new StoreUnavailableError('Storage unavailable: disk full'));
        },
      };
      const manyParts = messageOfManyParts();
      await dovecot.deliver(manyParts);
      await thread.answer('Wednesday, then.');
      startWatch({ ...app.store.leads, ...failing });

      await waitFor(() => refusals >= 3);
      expect(await thread.received()).toEqual([]);
      expect(await list()).toEqual([]);

      isFailing = false;
      await waitFor(async () => ((await thread.received()).length > 0 ? true : undefined));
      // A window of a few more passes: the answer is stored once, and no event says not twice.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await thread.received()).toEqual(['Wednesday, then.']);
      const items = await list();
      expect(items.map((item) => item.subject)).toEqual(['All the photos']);
      const raw = await studioFetch(target(), `/mailbox/unreadable/${items[0]?.id ?? ''}/raw`, {
        cookie,
      });
      expect(Buffer.from(await raw.arrayBuffer()).equals(Buffer.from(manyParts))).toBe(true);
    });
  },
);
