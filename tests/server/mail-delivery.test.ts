import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../common/contact';
import { createMailTransport } from '../../server/mail/create-transport';
import type { MailLog, MailTransport } from '../../server/mail/mail-transport';
import { startOutboxWorker, type OutboxWorker } from '../../server/mail/outbox-worker';
import { createRetrySchedule } from '../../server/mail/retry-schedule';
import { openStore } from '../../server/store/open-store';
import type { Store } from '../../server/store/store';
import { findFreePort } from '../support/listen-on-loopback';
import { startMailServer, startSilentServer, waitFor } from './helpers/mail-server';

const addresses = {
  to: 'hello@emberandink.example',
  from: 'Ember & Ink website <website@emberandink.example>',
};

const hostileMessage: ContactMessage = {
  name: 'Ann <b>Lee</b>',
  email: 'ann@example.com',
  service: 'Brand Strategy',
  message: 'Hi <script>alert("x")</script> & thanks.\nSecond line — café.',
};

/** Short timeouts and delays so a test sees several attempts; the logic is the production one. */
const fastSchedule = createRetrySchedule({ baseDelayMs: 40, maxDelayMs: 200, maxAttempts: 50 });
const fastTimeouts = { connectionTimeoutMs: 500, greetingTimeoutMs: 300, socketTimeoutMs: 1000 };

let dataDir: string;
let store: Store;
let worker: OutboxWorker | null;
let transport: MailTransport | null;
const logged: string[] = [];
const log: MailLog = { info: (line) => logged.push(line), error: (line) => logged.push(line) };

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-mail-'));
  store = await openStore({ dataDir });
  worker = null;
  transport = null;
  logged.length = 0;
});

afterEach(async () => {
  await worker?.stop();
  transport?.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function saveEnquiry(message: ContactMessage = hostileMessage): Promise<string> {
  const result = await store.saveEnquiry({
    message,
    isSpam: false,
    clientIp: '203.0.113.7',
    userAgent: null,
    idempotency: null,
  });
  if (result.kind !== 'created') throw new Error('expected created');
  return result.id;
}

function start(smtpUrl: string | null, schedule = fastSchedule): void {
  transport = createMailTransport({ smtpUrl, dataDir, smtpTimeouts: fastTimeouts, log });
  worker = startOutboxWorker({
    store,
    transport,
    schedule,
    addresses,
    siteOrigin: 'https://emberandink.example',
    pollIntervalMs: 50,
    leaseMs: 10_000,
    log,
  });
}

async function statusOf(id: string) {
  return (await store.getEnquiry(id))?.delivery;
}

describe('enquiry email over SMTP', () => {
  it('reaches the inbox with the right headers, escaped HTML and the verbatim text', async () => {
    const smtp = await startMailServer();
    try {
      const id = await saveEnquiry();
      start(smtp.url);
      const [mail] = await waitFor(() => smtp.received.length > 0 && smtp.received);

      expect(mail?.to).toMatchObject({ value: [{ address: 'hello@emberandink.example' }] });
      expect(mail?.from).toMatchObject({
        value: [{ name: 'Ember & Ink website', address: 'website@emberandink.example' }],
      });
      expect(mail?.replyTo).toMatchObject({
        value: [{ name: 'Ann <b>Lee</b>', address: 'ann@example.com' }],
      });
      expect(mail?.subject).toBe('New enquiry: Brand Strategy — Ann <b>Lee</b>');
      expect(mail?.messageId).toBe(`<enquiry-${id}@emberandink.example>`);

      expect(mail?.text).toContain(hostileMessage.message);
      expect(mail?.text).toContain('Name: Ann <b>Lee</b>');
      const html = typeof mail?.html === 'string' ? mail.html : '';
      expect(html).toContain('Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; thanks.');
      expect(html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>Lee');

      expect([...(mail?.headers.keys() ?? [])].sort()).toEqual([
        'content-type',
        'date',
        'from',
        'message-id',
        'mime-version',
        'reply-to',
        'subject',
        'to',
      ]);

      // Sent once: the outbox is empty, so no copy can follow. How many attempts it took is the
      // machine's business (a busy one may time out a first greeting), not this test's.
      await waitFor(async () => (await statusOf(id))?.status === 'sent');
      expect((await store.readOutboxBacklog()).count).toBe(0);
      expect(smtp.received.map((received) => received.messageId)).toEqual([mail?.messageId]);
    } finally {
      await smtp.close();
    }
  });

  it("links the studio to the person's lead, says when in its own words, and keeps the answer in the studio", async () => {
    const smtp = await startMailServer();
    try {
      const first = await saveEnquiry();
      const second = await saveEnquiry({ ...hostileMessage, email: 'ann@EXAMPLE.com' });
      start(smtp.url);
      const mails = await waitFor(() => smtp.received.length >= 2 && smtp.received);
      const lead = `https://emberandink.example/studio?view=enquiry&id=${first}`;
      for (const mail of mails) {
        expect(mail.text).toContain(`Open the lead and answer in the studio: ${lead}`);
        expect(mail.text).not.toMatch(/Reply to this email/i);
        // en-US in UTC, the studio's default words: "Nov 28, 2026, 12:32 PM", never ISO 8601.
        expect(mail.text).toMatch(/^Received: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/m);
      }
      const joined = mails.find((mail) => mail.text?.includes(`Enquiry id: ${second}`));
      expect(joined?.text).toContain('someone whose lead is open');
      // A form proves nothing about who typed the address (decision 0112).
      expect(joined?.text).toContain('nothing confirmed this one');
    } finally {
      await smtp.close();
    }
  });

  it('delivers enquiries saved while SMTP was down once each, after it comes up', async () => {
    const port = await findFreePort();
    const ids = [await saveEnquiry(), await saveEnquiry(), await saveEnquiry()];
    start(`smtp://127.0.0.1:${port}`);

    await waitFor(async () => {
      const states = await Promise.all(ids.map(statusOf));
      return states.every((state) => (state?.attempts ?? 0) >= 2) && states;
    });
    for (const id of ids) {
      expect(await statusOf(id)).toMatchObject({
        status: 'pending',
        lastError: expect.stringMatching(/ECONNREFUSED|ECONNECTION/) as unknown,
      });
    }

    const smtp = await startMailServer({ port });
    try {
      await waitFor(async () => {
        const states = await Promise.all(ids.map(statusOf));
        return states.every((state) => state?.status === 'sent');
      });
      // Sent emails leave the outbox: with it empty, no duplicate can follow.
      expect((await store.readOutboxBacklog()).count).toBe(0);
      const messageIds = smtp.received.map((mail) => mail.messageId).sort();
      expect(messageIds).toEqual(ids.map((id) => `<enquiry-${id}@emberandink.example>`).sort());
    } finally {
      await smtp.close();
    }
  });

  it('retries after a 451 reply and then delivers', async () => {
    let replies = 0;
    const smtp = await startMailServer({
      reply: () => (++replies <= 2 ? { code: 451, message: 'Try again later' } : 'accept'),
    });
    try {
      const id = await saveEnquiry();
      start(smtp.url);
      await waitFor(async () => (await statusOf(id))?.status === 'sent');
      expect(smtp.rejected).toBe(2);
      expect(smtp.received).toHaveLength(1);
      expect((await store.readOutboxBacklog()).count).toBe(0);
    } finally {
      await smtp.close();
    }
  });

  it('fails for good on a 550 reply, with the reason, and does not retry', async () => {
    const smtp = await startMailServer({
      reply: () => ({ code: 550, message: 'Mailbox unavailable' }),
    });
    try {
      const id = await saveEnquiry();
      start(smtp.url);
      await waitFor(async () => (await statusOf(id))?.status === 'failed');
      // Failed for good leaves the outbox: with it empty, no retry can follow.
      expect((await store.readOutboxBacklog()).count).toBe(0);
      expect(smtp.rejected).toBe(1);
      const delivery = await statusOf(id);
      expect(delivery?.status).toBe('failed');
      expect(delivery?.lastError).toMatch(/550/);
      expect(delivery?.lastError).toMatch(/Mailbox unavailable/);
    } finally {
      await smtp.close();
    }
  });

  it('logs a refusal that names addresses without them, and keeps it whole for the studio', async () => {
    let replies = 0;
    const smtp = await startMailServer({
      reply: () =>
        ++replies === 1
          ? { code: 451, message: '4.2.2 <hello@emberandink.example>: mailbox full' }
          : {
              code: 550,
              message: '5.7.1 ann@example.com may not write to hello@emberandink.example',
            },
    });
    try {
      const id = await saveEnquiry();
      start(smtp.url);
      await waitFor(async () => (await statusOf(id))?.status === 'failed');
      // The server's two refusals, in order; a busy machine may log a timed-out greeting too.
      const refusals = logged.filter((line) => / (451|550) /.test(line));
      expect(refusals).toHaveLength(2);
      expect(refusals[0]).toMatch(/451 4\.2\.2 <\[address\]>: mailbox full/);
      expect(refusals[1]).toMatch(/550 5\.7\.1 \[address\] may not write to \[address\]/);
      expect(logged.join('\n')).not.toMatch(/ann@example\.com|hello@emberandink\.example/);
      expect((await statusOf(id))?.lastError).toContain('ann@example.com');
    } finally {
      await smtp.close();
    }
  });

  it('gives up on a server that never greets, and tries again later', async () => {
    const silent = await startSilentServer();
    try {
      const id = await saveEnquiry();
      start(silent.url);
      const delivery = await waitFor(async () => {
        const state = await statusOf(id);
        return (state?.attempts ?? 0) >= 2 && state;
      });
      expect(delivery.status).toBe('pending');
      expect(delivery.lastError).toMatch(/greeting|timeout/i);
    } finally {
      await silent.close();
    }
  });

  it('marks the email failed once the attempt limit is used up', async () => {
    const port = await findFreePort();
    const id = await saveEnquiry();
    start(
      `smtp://127.0.0.1:${port}`,
      createRetrySchedule({ baseDelayMs: 10, maxDelayMs: 20, maxAttempts: 3 }),
    );
    await waitFor(async () => (await statusOf(id))?.status === 'failed');
    expect(await statusOf(id)).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('stops after the send in progress and sends nothing afterwards', async () => {
    const smtp = await startMailServer();
    try {
      start(smtp.url);
      await worker?.stop();
      worker = null;
      await saveEnquiry();
      // A window: nothing may be sent after the worker stopped, and no event says nothing was.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });
});

describe('the studio’s own emails', () => {
  it('write dates in the locale saved in the studio’s settings, read when the email is made', async () => {
    const smtp = await startMailServer();
    try {
      await store.auth.createStaff('ana@emberandink.example', new Date());
      const id = await saveEnquiry();
      await store.leads.changeLead(id, { owner: 'ana@emberandink.example' }, new Date());
      const settings = await store.settings.readSettings();
      await store.settings.saveSettings({ ...settings, locale: 'en-GB', currency: 'GBP' });
      const queued = await store.leads.queueMorningDigests(
        { day: '2026-11-26', waitingBefore: new Date(Date.now() + 60_000) },
        new Date(),
      );
      expect(queued).toContain('ana@emberandink.example');
      start(smtp.url);
      const digest = await waitFor(() =>
        smtp.received.find((mail) => mail.subject?.includes('waiting for a reply')),
      );
      // en-GB writes the day first: "26 Nov 2026", where the default (en-US) is "Nov 26, 2026".
      expect(digest?.subject).toContain('26 Nov 2026');
    } finally {
      await smtp.close();
    }
  });
});

describe('development mailbox', () => {
  it('writes each email as a parseable .eml file and logs where', async () => {
    const id = await saveEnquiry({
      ...hostileMessage,
      name: 'Ann Lee\r\nBcc: victim@example.com',
    });
    start(null);
    await waitFor(async () => (await statusOf(id))?.status === 'sent');

    const mailbox = path.join(dataDir, 'mailbox');
    const files = await readdir(mailbox);
    expect(files).toHaveLength(1);
    const file = path.join(mailbox, files[0] ?? '');
    expect(logged.some((line) => line.includes(file))).toBe(true);

    const mail = await simpleParser(await readFile(file));
    expect(mail.messageId).toBe(`<enquiry-${id}@emberandink.example>`);
    expect(mail.text).toContain(hostileMessage.message);
    // Even a line break that slipped past validation stays inside the encoded header.
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.bcc).toBeUndefined();
  });
});
