import { expect, it } from 'vitest';
import { viewOn } from '../../../tests/server/helpers/audience-views';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import { rollUpAndPurge } from '../../audience/roll-up';
import {
  campaignKey,
  DIRECT,
  DISTINCT_VALUES_PER_DAY,
  OTHER,
  visitOf,
  type RollupEntry,
} from '../../audience/summarize-views';
import type { AudienceRepository, NewView } from './audience-repository';

const DAY = '2026-03-01';
const DAY_START = Date.parse(`${DAY}T00:00:00.000Z`);

const viewOf = (change: Partial<NewView>) => viewOn(DAY, change);

/** Writes the rows in batches, as the counter does, oldest first. */
async function record(audience: AudienceRepository, rows: readonly NewView[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1_000) {
    await audience.recordViews(rows.slice(start, start + 1_000), new Map());
  }
}

/** The summary worked out by hand, one row at a time, in memory: what the store must agree with. */
function summarizeInMemory(rows: readonly NewView[]): RollupEntry[] {
  const tallies = new Map<string, { entry: RollupEntry; visitors: Set<string> }>();
  const count = (kind: RollupEntry['kind'], key: string, row: NewView, pageviews: number) => {
    const id = JSON.stringify([kind, key]);
    const tally = tallies.get(id) ?? {
      entry: { kind, key, visitors: 0, pageviews: 0 },
      visitors: new Set<string>(),
    };
    tallies.set(id, tally);
    tally.entry.pageviews += pageviews;
    if (row.visitor === null) tally.entry.visitors += row.visits;
    else tally.visitors.add(row.visitor);
  };
  const byVisitor = new Map<string, NewView[]>();
  for (const row of [...rows].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    count('total', '', row, row.views);
    count('page', row.path, row, row.views);
    count('device', row.device, row, row.views);
    if (row.visitor === null) count('source', DIRECT, row, 0);
    else byVisitor.set(row.visitor, [...(byVisitor.get(row.visitor) ?? []), row]);
  }
  for (const views of byVisitor.values()) {
    const visit = visitOf(views);
    if (visit === undefined) continue;
    const source = visit.source ?? DIRECT;
    count('source', source, visit, 0);
    if (visit.medium !== null || visit.campaign !== null) {
      count('campaign', campaignKey(source, visit.medium, visit.campaign), visit, 0);
    }
  }
  return [...tallies.values()].map(({ entry, visitors }) => ({
    ...entry,
    visitors: entry.visitors + visitors.size,
  }));
}

const inOrder = (entries: readonly RollupEntry[]) =>
  [...entries].sort((a, b) => a.kind.localeCompare(b.kind) || a.key.localeCompare(b.key));

/** A day of 20,000 rows: returning visitors arriving from many places, and private views. */
function busyDay(): NewView[] {
  const rows = 20_000;
  let seed = 7;
  // A fixed sequence (a linear congruential generator), so every run writes the same day.
  const next = (below: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % below;
  };
  return Array.from({ length: rows }, (_, index) => {
    const isPrivate = next(10) === 0;
    const source = next(3) === 0 ? `site-${next(20)}.example` : null;
    return viewOf({
      // Every row its own moment, in no particular order of writing.
      at: new Date(DAY_START + ((index * 7_919) % rows) * 1_000),
      visitor: isPrivate ? null : `visitor-${next(3_000)}`,
      path: `/page-${next(50)}`,
      source: isPrivate ? null : source,
      medium: source !== null && next(2) === 0 ? ['email', 'social'][next(2)]! : null,
      campaign: source !== null && next(2) === 0 ? `campaign-${next(4)}` : null,
      device: ['desktop', 'phone', 'tablet'][next(3)]!,
      views: 1 + next(5),
      visits: isPrivate ? next(2) : 1,
    });
  });
}

describeEachStore('the views of a day, summarized by the store', (subject) => {
  it('gives the very numbers of a row-by-row count over 20,000 rows, and its roll-up keeps them', async () => {
    const rows = busyDay();
    await record(subject.store.audience, rows);

    const summary = await subject.store.audience.summarizeRawViews(DAY, DAY);
    expect(inOrder(summary.map(({ day: _day, ...entry }) => entry))).toEqual(
      inOrder(summarizeInMemory(rows)),
    );
    expect(summary.every((entry) => entry.day === DAY)).toBe(true);

    const rolled = await rollUpAndPurge(
      subject.store.audience,
      31,
      new Date(DAY_START + 86_400_000),
    );
    expect(rolled.daysRolledUp).toBe(1);
    // Rolled up, the day is read from its roll-up only, with the same numbers.
    expect(await subject.store.audience.summarizeRawViews(DAY, DAY)).toEqual([]);
    const { views } = (await subject.store.audience.readTraffic(DAY, DAY)).rollups;
    expect(inOrder(views)).toEqual(inOrder(summary));
  });

  it('counts a visitor once a day, with the source of its arrival, every repeated view, and a private browser once a minute', async () => {
    const at = (minute: number) => new Date(DAY_START + 10 * 3_600_000 + minute * 60_000);
    await record(subject.store.audience, [
      viewOf({ at: at(0), visitor: 'a', device: 'phone' }),
      viewOf({ at: at(1), visitor: 'a', source: 'newsletter', device: 'phone' }),
      // Reloaded twice within a moment: one row, three views.
      viewOf({ at: at(2), visitor: 'a', device: 'phone', views: 3 }),
      viewOf({ at: at(3), device: 'phone' }),
      // The same private browser again within its minute: views, and no visit of its own.
      viewOf({ at: at(3), path: '/work', device: 'phone', views: 2, visits: 0 }),
    ]);
    const summary = await subject.store.audience.summarizeRawViews(DAY, DAY);
    const of = (kind: RollupEntry['kind']) => inOrder(summary.filter((row) => row.kind === kind));
    expect(of('total')).toEqual([{ day: DAY, kind: 'total', key: '', visitors: 2, pageviews: 8 }]);
    expect(of('page')).toEqual([
      { day: DAY, kind: 'page', key: '/', visitors: 2, pageviews: 6 },
      { day: DAY, kind: 'page', key: '/work', visitors: 0, pageviews: 2 },
    ]);
    expect(of('source')).toEqual([
      { day: DAY, kind: 'source', key: DIRECT, visitors: 1, pageviews: 0 },
      { day: DAY, kind: 'source', key: 'newsletter', visitors: 1, pageviews: 0 },
    ]);
  });

  it('keeps a day of 5,000 made-up paths and sources within the cap, the rest as other', async () => {
    await record(
      subject.store.audience,
      Array.from({ length: 5_000 }, (_, index) =>
        viewOf({ visitor: `v${index}`, path: `/fake-${index}`, source: `spam-${index}.example` }),
      ),
    );
    const summary = await subject.store.audience.summarizeRawViews(DAY, DAY);
    const pages = summary.filter((entry) => entry.kind === 'page');
    const sources = summary.filter((entry) => entry.kind === 'source');
    expect(pages).toHaveLength(DISTINCT_VALUES_PER_DAY);
    expect(sources).toHaveLength(DISTINCT_VALUES_PER_DAY);
    expect(pages.reduce((sum, entry) => sum + entry.pageviews, 0)).toBe(5_000);
    expect(pages.find((entry) => entry.key === OTHER)).toMatchObject({
      visitors: 5_000 - (DISTINCT_VALUES_PER_DAY - 1),
      pageviews: 5_000 - (DISTINCT_VALUES_PER_DAY - 1),
    });
  });
});
