import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../../common/audience';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { rollUpAndPurge } from '../../server/audience/roll-up';
import type { NewView } from '../../server/store/audience/audience-repository';
import { ADVISORY_LOCK_KEYS } from '../../server/store/db/advisory-locks';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { viewOn } from './helpers/audience-views';
import { BACKENDS } from './helpers/backends';
import {
  createKeptStorage,
  startTestApp,
  type KeptStorage,
  type TestApp,
} from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DAY_MS = 24 * 60 * 60 * 1000;

function databaseUrlOf(kept: KeptStorage): string {
  if (!('databaseUrl' in kept.storage)) throw new Error('PostgreSQL storage expected');
  return kept.storage.databaseUrl;
}

const dayBefore = (days: number): string =>
  new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** A finished day's views, as an instance's batch writes them: `visitors` people, two views each. */
function viewsOf(day: string, visitors: number): NewView[] {
  return Array.from({ length: visitors * 2 }, (_, index) =>
    viewOn(day, {
      at: new Date(`${day}T12:00:00.000Z`),
      visitor: `visitor-${index % visitors}`,
      source: index % 2 === 0 ? 'newsletter' : null,
    }),
  );
}

describe.skipIf(postgres?.databaseUrl === undefined)(
  'two instances on one PostgreSQL count as one',
  () => {
    let kept: KeptStorage;
    let apps: TestApp[] = [];
    let cookie: string;

    const report = async (from: string, to: string): Promise<AudienceReport> => {
      const [first] = apps;
      if (first === undefined) throw new Error('no instance');
      const response = await studioFetch(studioTargetOf(first), `/audience?from=${from}&to=${to}`, {
        cookie,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as AudienceReport;
    };

    beforeAll(async () => {
      if (postgres === undefined) return;
      kept = await createKeptStorage(postgres);
      apps = await Promise.all(
        [0, 1].map(() => startTestApp(postgres, {}, { storage: kept.storage })),
      );
      const [first] = apps;
      if (first !== undefined) ({ cookie } = await createSignedInStaff(studioTargetOf(first)));
    });

    afterAll(async () => {
      await Promise.all(apps.map((app) => app.close()));
      await kept?.remove();
    });

    it('share the day salt: one person through either instance is one visitor, and their enquiry finds the visit', async () => {
      const [a, b] = apps;
      if (a === undefined || b === undefined) throw new Error('two instances expected');
      const today = dayBefore(0);
      const before = await report(today, today);
      const agent = `${DESKTOP} two instances`;
      await fetch(`${a.url}/?utm_source=newsletter&utm_campaign=spring-offer`, {
        headers: { 'user-agent': agent },
      });
      await fetch(`${b.url}/`, { headers: { 'user-agent': agent } });
      await expect
        .poll(async () => (await report(today, today)).totals.pageviews - before.totals.pageviews)
        .toBe(2);
      expect((await report(today, today)).totals.visitors - before.totals.visitors).toBe(1);

      const sent = await postJson(`${b.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
        'user-agent': agent,
      });
      expect(sent.status).toBe(201);
      const detail = await studioFetch(studioTargetOf(a), `/leads/${idOf(sent.body)}`, {
        cookie,
      });
      expect(((await detail.json()) as { attribution: unknown }).attribution).toMatchObject({
        source: 'newsletter',
        campaign: 'spring-offer',
      });
    });

    it('roll each finished day up exactly once when both try at the same time', async () => {
      const [a, b] = apps;
      if (a === undefined || b === undefined) throw new Error('two instances expected');
      const days = [dayBefore(3), dayBefore(2), dayBefore(1)];
      for (const [index, day] of days.entries()) {
        await a.store.audience.recordViews(viewsOf(day, index + 2), new Map());
      }
      const raw = await report(days[0] ?? '', days[2] ?? '');
      expect(raw.totals).toMatchObject({ visitors: 2 + 3 + 4, pageviews: 2 * (2 + 3 + 4) });

      const client = new pg.Client({ connectionString: databaseUrlOf(kept) });
      await client.connect();
      try {
        // While another instance holds the roll-up lock, this one writes nothing and moves on.
        const lock = ADVISORY_LOCK_KEYS.audienceRollup;
        await client.query('select pg_advisory_lock($1)', [lock]);
        expect((await rollUpAndPurge(a.store.audience, 31, new Date())).daysRolledUp).toBe(0);
        await client.query('select pg_advisory_unlock($1)', [lock]);

        // Both instances' purge jobs run together, twice over, then once more as the next
        // round would: a run that finds the lock taken leaves the day to a later one, so each
        // day is rolled up by exactly one run, never by two.
        const now = new Date();
        const together = await Promise.all(
          [a, b, a, b].map((app) => rollUpAndPurge(app.store.audience, 31, now)),
        );
        const nextRound = await rollUpAndPurge(b.store.audience, 31, now);
        const rolledUp = [...together, nextRound].map((run) => run.daysRolledUp);
        expect(rolledUp.reduce((sum, count) => sum + count, 0)).toBe(days.length);
        const marked = await client.query<{ day: string }>(
          'select day from audience_rollup_days where day = any($1) order by day',
          [days],
        );
        expect(marked.rows.map((row) => row.day)).toEqual(days);
      } finally {
        await client.end();
      }
      // Read from the roll-ups now, the same numbers: nothing counted twice, nothing lost.
      expect((await report(days[0] ?? '', days[2] ?? '')).totals).toEqual(raw.totals);
    });
  },
);
