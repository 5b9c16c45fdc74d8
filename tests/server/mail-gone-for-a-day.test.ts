import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailTransport } from '../../server/mail/create-transport';
import { startOutboxWorker } from '../../server/mail/outbox-worker';
import { createRetrySchedule, DEFAULT_RETRY_SCHEDULE } from '../../server/mail/retry-schedule';
import { createSiteMetrics } from '../../server/metrics/site-metrics';
import { openStore } from '../../server/store/open-store';
import type { Store } from '../../server/store/store';
import { createMailHealthReader } from '../../server/studio/inbox/mail-health';
import { startMailServer } from './helpers/mail-server';
import { saveEnquiries } from './helpers/store-fixtures';
import { startTcpProxy } from './helpers/tcp-proxy';

const EMAILS = 5;
const HOUR_MS = 60 * 60_000;
/** The clock moves ten minutes at a time, a day and two hours in all. */
const STEP_MS = 10 * 60_000;
const OUTAGE_MS = 26 * HOUR_MS;
const RETRYING_AT = /retrying at (\S+):/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The store as the worker sees it, telling the test when the worker has looked at the current
 * (fake) time and found nothing more due: every email due by then has had its attempt.
 */
function watchClaims(store: Store): {
  store: Store;
  untilNothingDue: () => Promise<void>;
} {
  let lastEmptyClaimAt = Number.NEGATIVE_INFINITY;
  const watched: Store = Object.create(store) as Store;
  watched.claimDueEmails = async (limit, leaseMs) => {
    const calledAt = Date.now();
    const jobs = await store.claimDueEmails(limit, leaseMs);
    if (jobs.length === 0) lastEmptyClaimAt = Math.max(lastEmptyClaimAt, calledAt);
    return jobs;
  };
  const untilNothingDue = async () => {
    const deadline = performance.now() + 20_000;
    while (lastEmptyClaimAt < Date.now()) {
      if (performance.now() > deadline) throw new Error('the outbox worker did not finish a round');
      await sleep(5);
    }
  };
  return { store: watched, untilNothingDue };
}

describe('the mail server gone for a day (the clock moved)', () => {
  let dataDir: string;
  let store: Store;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ember-mail-day-'));
    store = await openStore({ dataDir });
    // Only Date: the worker's timers and the SMTP client's stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2026-03-02T09:00:00Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every email, retries at most hourly, shows the backlog, and delivers all once it returns', async () => {
    const inbox = await startMailServer();
    const relay = await startTcpProxy({ host: '127.0.0.1', port: inbox.port });
    await relay.cut();
    const retryPauses: number[] = [];
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${relay.port}`,
      dataDir,
      smtpTimeouts: {
        connectionTimeoutMs: 500,
        greetingTimeoutMs: 500,
        socketTimeoutMs: 1000,
      },
      log: { info: () => undefined, error: () => undefined },
    });
    const claims = watchClaims(store);
    const worker = startOutboxWorker({
      store: claims.store,
      transport,
      schedule: createRetrySchedule(DEFAULT_RETRY_SCHEDULE),
      addresses: {
        to: 'hello@emberandink.example',
        from: 'website@emberandink.example',
      },
      siteOrigin: 'https://emberandink.example',
      pollIntervalMs: 20,
      log: {
        info: () => undefined,
        error: (message) => {
          const retryAt = RETRYING_AT.exec(message)?.[1];
          if (retryAt !== undefined) retryPauses.push(Date.parse(retryAt) - Date.now());
        },
      },
    });
    try {
      const ids = await saveEnquiries(store, EMAILS);
      for (let moved = 0; moved < OUTAGE_MS; moved += STEP_MS) {
        vi.setSystemTime(Date.now() + STEP_MS);
        worker.nudge();
        await claims.untilNothingDue();
      }

      // Everything kept, and shown where the operator and the studio look.
      expect(retryPauses.length).toBeGreaterThan(EMAILS * 10);
      expect(Math.max(...retryPauses)).toBeLessThanOrEqual(HOUR_MS);
      const backlog = await store.readOutboxBacklog();
      expect(backlog.count).toBe(EMAILS);
      const metrics = createSiteMetrics({
        readOutboxBacklog: () => store.readOutboxBacklog(),
        now: Date.now,
      });
      expect(await metrics.render()).toMatch(/^ember_outbox_backlog 5$/m);
      const health = await createMailHealthReader(store, Date.now)();
      expect(health).toMatchObject({ isFailing: true, givenUp: 0 });

      await relay.restore();
      const deadline = performance.now() + 15_000;
      const isSent = async (id: string) => (await store.getEnquiry(id))?.delivery.status === 'sent';
      while (performance.now() < deadline) {
        const sent = await Promise.all(ids.map(isSent));
        if (sent.every(Boolean)) break;
        vi.setSystemTime(Date.now() + STEP_MS);
        worker.nudge();
        await sleep(50);
      }
      expect(await Promise.all(ids.map(isSent))).toEqual(ids.map(() => true));
      expect(inbox.received).toHaveLength(EMAILS);
      expect((await store.readOutboxBacklog()).count).toBe(0);
    } finally {
      await worker.stop();
      transport.close();
      await relay.cut();
      await inbox.close();
    }
  });
});
