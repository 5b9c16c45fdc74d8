import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { readPage, saveDraftEdit, waitForPageWith } from './helpers/site-publishing';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

type Schedule = { id: string; at: string; revision: string; by: string; state: string };
type ScheduleList = { items: (Schedule & { reason: string | null })[]; timeZone: string };

const MINUTE = 60_000;

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`scheduled publishing (${backend.name})`, () => {
    let app: TestApp;
    let ann: StudioStaff;
    // The app's clock: the test moves it past a schedule instead of waiting for it.
    let ahead = 0;
    const now = () => Date.now() + ahead;

    beforeAll(async () => {
      app = await startTestApp(backend, {}, { now, scheduleIntervalMs: 50 });
      ann = await createSignedInStaff(studioTargetOf(app, now));
    });
    afterAll(() => app.close());

    const call = (
      path: string,
      init: {
        method?: string;
        body?: unknown;
        ifMatch?: string;
        headers?: Record<string, string>;
      } = {},
    ) =>
      studioFetch(studioTargetOf(app), path, {
        method: init.method,
        body: init.body,
        cookie: ann.cookie,
        headers: {
          ...(init.ifMatch === undefined ? {} : { 'if-match': init.ifMatch }),
          ...init.headers,
        },
      });
    const draftRevision = async () =>
      ((await (await call('/site/draft')).json()) as { revision: string }).revision;
    const schedule = async (at: unknown, ifMatch?: string) =>
      call('/site/schedule', {
        method: 'POST',
        body: { at },
        ifMatch: ifMatch ?? `"${await draftRevision()}"`,
      });
    const list = async () => (await (await call('/site/schedule')).json()) as ScheduleList;
    const inAMinute = () => new Date(now() + MINUTE).toISOString();

    async function waitForState(id: string, state: string): Promise<ScheduleList['items'][number]> {
      for (let tries = 0; tries < 200; tries += 1) {
        const found = (await list()).items.find((item) => item.id === id);
        if (found?.state === state) return found;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`schedule ${id} never became ${state}`);
    }

    it('refuses a bad schedule with a clear 4xx and keeps nothing', async () => {
      const revision = `"${await draftRevision()}"`;
      const refusals: [unknown, number, string | undefined][] = [
        ['tomorrow at ten', 422, 'malformed'],
        ['2027-01-05T10:00', 422, 'malformed'],
        ['2027-02-30T10:00:00Z', 422, 'malformed'],
        [1_800_000_000_000, 422, 'malformed'],
        [new Date(now() - MINUTE).toISOString(), 422, 'past'],
        [new Date(now() + 400 * 24 * 60 * MINUTE).toISOString(), 422, 'too_far'],
      ];
      for (const [at, status, problem] of refusals) {
        const response = await schedule(at, revision);
        expect(response.status, JSON.stringify(at)).toBe(status);
        expect(await response.json()).toEqual({
          success: false,
          error: 'invalid_schedule',
          fieldErrors: { at: problem },
        });
      }
      const noIfMatch = await call('/site/schedule', { method: 'POST', body: { at: inAMinute() } });
      expect(noIfMatch.status).toBe(428);
      const stale = await schedule(inAMinute(), '"not-the-draft"');
      expect(stale.status).toBe(412);
      expect(((await stale.json()) as { current: { revision: string } }).current.revision).toBe(
        revision.slice(1, -1),
      );
      const oversized = await call('/site/schedule', {
        method: 'POST',
        body: { at: inAMinute(), padding: 'x'.repeat(4_000) },
        ifMatch: revision,
      });
      expect(oversized.status).toBe(413);
      const extraField = await call('/site/schedule', {
        method: 'POST',
        body: { at: inAMinute(), revision: 'mine' },
        ifMatch: revision,
      });
      expect(extraField.status).toBe(400);
      expect((await list()).items).toEqual([]);

      const unknown = await call(`/site/schedule/${crypto.randomUUID()}`, { method: 'DELETE' });
      expect(unknown.status).toBe(404);
      const malformed = await call('/site/schedule/..%2Fdraft', { method: 'DELETE' });
      expect(malformed.status).toBe(404);
    });

    it('publishes the scheduled draft once it is due, as its scheduler, whatever was edited since', async () => {
      const scheduled = await saveDraftEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = 'Scheduled for launch day.';
      });
      const response = await schedule(inAMinute(), `"${scheduled.revision}"`);
      expect(response.status).toBe(201);
      const created = (await response.json()) as Schedule;
      expect(created.revision).toBe(scheduled.revision);
      const listed = await list();
      expect(listed.timeZone).toBe('UTC');
      expect(listed.items[0]).toMatchObject({ id: created.id, state: 'pending', by: ann.email });

      // Edited after scheduling: the edit stays in the draft, the schedule publishes its copy.
      await saveDraftEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = 'Still being written.';
      });
      expect(await readPage(app.url)).not.toContain('Scheduled for launch day.');
      ahead += 2 * MINUTE;
      await waitForState(created.id, 'published');
      // Marked published at commit; the page follows as soon as it is rendered.
      await waitForPageWith(app.url, 'Scheduled for launch day.');
      expect(await readPage(app.url)).not.toContain('Still being written.');
      const history = (await (await call('/site/revisions')).json()) as {
        items: { revision: string; publishedBy: string; isLive: boolean }[];
      };
      expect(history.items[0]).toMatchObject({
        revision: scheduled.revision,
        publishedBy: ann.email,
        isLive: true,
      });
      const audit = await app.store.auth.listAudit(20);
      const publishes = audit.filter((entry) => entry.event === 'site.publish');
      expect(publishes.map((entry) => entry.email)).toEqual([ann.email]);
      expect(publishes[0]?.detail).toMatch(/^scheduled: /);
      expect(audit.some((entry) => entry.event === 'site.schedule')).toBe(true);
      const again = await call(`/site/schedule/${created.id}`, { method: 'DELETE' });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ error: 'not_pending', state: 'published' });
    });

    it('never publishes a cancelled schedule', async () => {
      await saveDraftEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.testimonials.items[0]!.quote = 'Cancelled before it was due.';
      });
      const created = (await (await schedule(inAMinute())).json()) as Schedule;
      const cancelled = await call(`/site/schedule/${created.id}`, { method: 'DELETE' });
      expect(cancelled.status).toBe(204);
      ahead += 2 * MINUTE;
      // A window for the schedule's rounds to pass the due time: nothing may be published.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await list()).items.find((item) => item.id === created.id)?.state).toBe('cancelled');
      expect(await readPage(app.url)).not.toContain('Cancelled before it was due.');
      const audit = await app.store.auth.listAudit(20);
      expect(audit.find((entry) => entry.event === 'site.schedule.cancel')?.detail).toBe(
        created.id,
      );
    });

    it('marks a schedule that can no longer be published as failed, with the reason', async () => {
      // A draft may lack what a publish needs; the route refuses to schedule it, so the
      // store is asked directly, as if the rules had changed since it was scheduled.
      const unfinished = await saveDraftEdit(studioTargetOf(app), ann.cookie, (content) => {
        content.hero.tagline = '';
      });
      const refused = await schedule(inAMinute(), `"${unfinished.revision}"`);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ error: 'invalid_content' });
      const id = crypto.randomUUID();
      await app.store.site.scheduleDraft(
        { id, at: new Date(now() + MINUTE), expectedRevision: unfinished.revision },
        { by: ann.email, now: new Date(now()) },
      );
      const before = await readPage(app.url);
      ahead += 2 * MINUTE;
      const failed = await waitForState(id, 'failed');
      expect(failed.reason).toContain('hero.tagline');
      expect(await readPage(app.url)).toBe(before);
      expect(app.logs.some((entry) => entry.msg === 'scheduled publish failed')).toBe(true);
    });
  });
}
