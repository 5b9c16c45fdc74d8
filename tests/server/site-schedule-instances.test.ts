import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { saveDraftEdit, waitForPageWith } from './helpers/site-publishing';
import {
  createKeptStorage,
  startTestApp,
  type KeptStorage,
  type TestApp,
} from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const postgres = BACKENDS[1]!;
const MINUTE = 60_000;

describe.skipIf(isUnavailable(postgres))(
  'a scheduled publish on several instances sharing PostgreSQL',
  () => {
    let kept: KeptStorage;
    const apps: TestApp[] = [];
    let ahead = 0;
    const now = () => Date.now() + ahead;

    const start = async (scheduleIntervalMs: number) => {
      const app = await startTestApp(
        postgres,
        {},
        { storage: kept.storage, now, scheduleIntervalMs },
      );
      apps.push(app);
      return app;
    };

    beforeAll(async () => {
      kept = await createKeptStorage(postgres);
    });
    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await kept?.remove();
    });

    /** Saves an edit on `app` and schedules it a minute ahead there; returns the quote. */
    async function scheduleOn(app: TestApp, cookie: string, quote: string): Promise<string> {
      const saved = await saveDraftEdit(studioTargetOf(app), cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });
      const response = await studioFetch(studioTargetOf(app), '/site/schedule', {
        method: 'POST',
        cookie,
        body: { at: new Date(now() + MINUTE).toISOString() },
        headers: { 'if-match': `"${saved.revision}"` },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    }

    const publishesOf = async (app: TestApp, quote: string) => {
      const audit = await app.store.auth.listAudit(100);
      const history = await app.store.site.listSiteRevisions(100);
      const published = await app.store.site.readPublished();
      return {
        audits: audit.filter((entry) => entry.event === 'site.publish').length,
        entries: history.length,
        isPublished: published?.content.testimonials.items[0]?.quote === quote,
      };
    };

    it('is published by the next instance to start when the one that scheduled it is gone', async () => {
      const a = await start(60_000);
      const { cookie, email } = await createSignedInStaff(studioTargetOf(a, now));
      const quote = `Scheduled on A, published by B, at ${Date.now()}`;
      const id = await scheduleOn(a, cookie, quote);
      await a.close();
      ahead += 10 * MINUTE;

      const b = await start(60_000);
      // B looks for due schedules as it starts, before its first interval.
      await waitForPageWith(b.url, quote);
      const [schedule] = await b.store.site.listSchedules(1);
      expect(schedule).toMatchObject({ id, state: 'published', by: email });
      const [entry] = await b.store.site.listSiteRevisions(1);
      expect(entry?.publishedBy).toBe(email);
      // Late, and saying so: its time was ten minutes before it was published.
      expect(entry!.publishedAt.getTime() - schedule!.at.getTime()).toBeGreaterThan(8 * MINUTE);
    });

    it('is published exactly once when three running instances find it due together', async () => {
      const [b, c] = [apps[1]!, await start(10)];
      const b2 = await start(10);
      const { cookie } = await createSignedInStaff(studioTargetOf(b, now));
      const before = await publishesOf(b, '');
      const quote = `Raced for by three instances at ${Date.now()}`;
      await scheduleOn(c, cookie, quote);
      ahead += 2 * MINUTE;
      await Promise.all([b, c, b2].map((app) => waitForPageWith(app.url, quote)));
      // Every instance has had many more chances to publish it again.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await publishesOf(b, quote);
      expect(after).toEqual({
        audits: before.audits + 1,
        entries: before.entries + 1,
        isPublished: true,
      });
    });

    it('lets exactly one of two stores claim a due schedule at the same moment', async () => {
      const [b, c] = [apps[1]!, apps[2]!];
      const { cookie, email } = await createSignedInStaff(studioTargetOf(b, now));
      const saved = await saveDraftEdit(studioTargetOf(b), cookie, (content) => {
        content.testimonials.items[0]!.quote = `Claimed once at ${Date.now()}`;
      });
      // Due for the two calls below, not yet for the apps' own checks, so only these race.
      const id = crypto.randomUUID();
      await b.store.site.scheduleDraft(
        { id, at: new Date(now() + 2 * MINUTE), expectedRevision: saved.revision },
        { by: email, now: new Date(now()) },
      );
      const publisher = {
        now: new Date(now() + 3 * MINUTE),
        summarize: () => 'raced',
      };
      const outcomes = await Promise.all(
        [b, c, b, c].map((app) => app.store.site.publishSchedule(id, publisher)),
      );
      expect(outcomes.filter((outcome) => outcome !== null)).toHaveLength(1);
    });
  },
);
