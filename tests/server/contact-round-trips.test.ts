import { mkdtemp, rm } from 'node:fs/promises';
import { createReplyThreads } from '../../server/mail/reply-threads';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { createApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { createFormPageRenderer } from '../../server/forms/form-page-renderer';
import { createAccessLog } from '../../server/http/access-log';
import { startHttpServer, type RunningServer } from '../../server/http/start-http-server';
import { createSiteMetrics } from '../../server/metrics/site-metrics';
import { createRequestPipeline } from '../../server/pipeline';
import { createChallenges } from '../../server/spam/challenges';
import { loadSite } from '../../server/static/load-site';
import { solvedChallenge, TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { renderFixtureSite } from './helpers/fixture-render';
import { writeFixtureSite } from './helpers/fixture-site';
import { openLoggedStore, type LoggedStore } from './helpers/logged-store';

/**
 * The store calls the statements make, in order: a transaction's statements together, any
 * other statement alone, each named by the table it writes or reads.
 */
function storeCalls(statements: readonly string[]): string[][] {
  const calls: string[][] = [];
  let transaction: string[] | null = null;
  for (const sql of statements) {
    if (sql === 'begin') transaction = [];
    else if (sql === 'commit') {
      calls.push(transaction ?? []);
      transaction = null;
    } else {
      const table = /pg_advisory_xact_lock/.test(sql)
        ? 'advisory lock'
        : (/\b(?:into|update|from)\s+"(\w+)"/i.exec(sql)?.[1] ?? sql);
      if (transaction === null) calls.push([table]);
      else transaction.push(table);
    }
  }
  return calls;
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(
    `an enquiry's round trips to the store (${backend.name})`,
    () => {
      let root: string;
      let logged: LoggedStore;
      let server: RunningServer;
      const post = (body: Record<string, unknown>) =>
        postJson(`${server.url}${CONTACT_ENDPOINT}`, body);

      beforeAll(async () => {
        root = await mkdtemp(path.join(tmpdir(), 'ember-round-trips-'));
        const distDir = await writeFixtureSite(root);
        const config = readServerConfig({
          DATA_DIR: path.join(root, 'data'),
          DIST_DIR: distDir,
          CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
          SITE_URL: 'https://emberandink.example',
          PORT: '0',
          HOST: '127.0.0.1',
        });
        logged = await openLoggedStore(backend);
        const { store } = logged;
        const site = await loadSite(distDir, { isHttps: config.isHttps });
        const metrics = createSiteMetrics({
          readOutboxBacklog: () => store.readOutboxBacklog(),
          now: Date.now,
        });
        // The app alone, without the outbox worker or the sweeps: every statement is the post's.
        const app = createApp({
          config,
          store,
          site,
          log: () => undefined,
          metrics,
          challenges: createChallenges({ secret: TEST_CHALLENGE_SECRET, spent: store }),
          renderFormPage: createFormPageRenderer(distDir),
          renderSite: renderFixtureSite,
          liveSite: {
            showPublished: () => Promise.resolve(),
            servedRevision: () => null,
            problem: () => null,
          },
          deviceKey: Buffer.alloc(32),
          letterLinkKey: Buffer.alloc(32),
          letterMail: {
            nudge: () => undefined,
            sendTest: () => Promise.reject(new Error('no mail here')),
          },
          onEnquiryStored: () => undefined,
          replyThreads: createReplyThreads({ secret: TEST_CHALLENGE_SECRET, replyAddress: null }),
        });
        server = await startHttpServer({
          listener: createRequestPipeline({
            app,
            site,
            logRequest: createAccessLog(() => undefined),
            requestMetrics: metrics.requests,
            countView: () => undefined,
            answerBeacon: null,
          }),
          port: 0,
          host: '127.0.0.1',
        });
      });
      afterAll(async () => {
        await server?.close(1_000);
        await logged?.dispose();
        await rm(root, { recursive: true, force: true });
      });
      beforeEach(() => {
        logged.statements.length = 0;
      });

      it('costs a valid enquiry the shared limit and its own transaction, nothing more', async () => {
        const altcha = await solvedChallenge();
        const answer = await post(validEnquiry({ altcha }));
        expect(answer.status).toBe(201);
        // The transaction looks for the sender's open lead to join (one person, one lead: on
        // PostgreSQL under a lock on the address, so two instances never make two leads), meets
        // the person (one upsert), looks for their earlier closed lead (a returning client's
        // owner is told), and reads the studio's settings: whether to acknowledge the enquiry.
        const joinsTheirLead =
          backend.name === 'postgres' ? ['advisory lock', 'enquiries'] : ['enquiries'];
        expect(storeCalls(logged.statements)).toEqual([
          ['attempt_counts'],
          [
            'spent_challenges',
            'enquiries',
            ...joinsTheirLead,
            'people',
            'outbox',
            'enquiries',
            'studio_settings',
          ],
        ]);
        expect((await logged.store.getEnquiry(idOf(answer.body)))?.isSpam).toBe(false);
      });

      it('costs a replayed solution the same two calls, and files it as spam with no email', async () => {
        const altcha = await solvedChallenge();
        await post(validEnquiry({ altcha }));
        logged.statements.length = 0;
        const replay = await post(validEnquiry({ altcha }));
        expect(replay.status).toBe(201);
        expect(storeCalls(logged.statements)).toEqual([
          ['attempt_counts'],
          ['spent_challenges', 'enquiries'],
        ]);
        expect((await logged.store.getEnquiry(idOf(replay.body)))?.isSpam).toBe(true);
      });
    },
  );
}
