import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailTransport } from '../../server/mail/create-transport';
import type { MailTransport } from '../../server/mail/mail-transport';
import { startOutboxWorker, type OutboxWorker } from '../../server/mail/outbox-worker';
import { createRetrySchedule } from '../../server/mail/retry-schedule';
import { openStore } from '../../server/store/open-store';
import type { Store } from '../../server/store/store';
import { listenOnLoopback } from '../support/listen-on-loopback';
import { startMailServer, waitFor } from './helpers/mail-server';

/**
 * A relay in front of a real SMTP server that cuts the first `drops` connections once the
 * message body has started: half of the first body chunk reaches the server, then both sides
 * are closed, as when a mail server or the network dies mid-DATA.
 */
async function startMidDataCutter(upstreamPort: number, drops: number) {
  let cut = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    const shouldCut = cut < drops;
    let isInData = false;
    const close = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('end', () => upstream.end());
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      if (shouldCut && isInData) {
        cut += 1;
        upstream.write(chunk.subarray(0, Math.floor(chunk.length / 2)), close);
        return;
      }
      if (/^DATA\r\n/im.test(chunk.toString('latin1'))) isInData = true;
      upstream.write(chunk);
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    get cut() {
      return cut;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mail faults: connection dropped mid-DATA', () => {
  let dataDir: string;
  let store: Store;
  let transport: MailTransport | null = null;
  let worker: OutboxWorker | null = null;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ember-mail-faults-'));
    store = await openStore({ dataDir });
  });

  afterEach(async () => {
    await worker?.stop();
    transport?.close();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('retries after the cut and delivers the enquiry exactly once', async () => {
    const inbox = await startMailServer();
    const cutter = await startMidDataCutter(inbox.port, 2);
    try {
      const saved = await store.saveEnquiry({
        message: {
          name: 'Ann Lee',
          email: 'ann@example.com',
          service: 'Brand Strategy',
          message: `A long brief so the body spans several packets. ${'Colour, type, voice. '.repeat(400)}`,
        },
        isSpam: false,
        clientIp: '203.0.113.7',
        userAgent: null,
        idempotency: null,
      });
      if (saved.kind !== 'created') throw new Error('expected created');
      transport = createMailTransport({
        smtpUrl: cutter.url,
        dataDir,
        smtpTimeouts: { connectionTimeoutMs: 500, greetingTimeoutMs: 500, socketTimeoutMs: 1000 },
        log: { info: () => undefined, error: () => undefined },
      });
      worker = startOutboxWorker({
        store,
        transport,
        schedule: createRetrySchedule({ baseDelayMs: 40, maxDelayMs: 200, maxAttempts: 10 }),
        addresses: { to: 'hello@emberandink.example', from: 'website@emberandink.example' },
        siteOrigin: 'https://emberandink.example',
        pollIntervalMs: 50,
        leaseMs: 10_000,
        log: { info: () => undefined, error: () => undefined },
      });

      const delivery = await waitFor(async () => {
        const state = (await store.getEnquiry(saved.id))?.delivery;
        return state?.status === 'sent' && state;
      });
      expect(cutter.cut).toBe(2);
      expect(delivery.attempts).toBe(3);
      expect(delivery.lastError).not.toBeNull();
      expect(inbox.received).toHaveLength(1);
      expect(inbox.received[0]?.messageId).toContain(`enquiry-${saved.id}@`);
      expect(inbox.received[0]?.text).toContain('Colour, type, voice.');
    } finally {
      await cutter.close();
      await inbox.close();
    }
  });
});
