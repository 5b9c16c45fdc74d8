import {
  DEVICES,
  VITAL_METRICS,
  type AudienceReport,
  type Device,
  type VitalSummary,
} from '../../common/audience';
import type { AudienceRepository } from '../store/audience/audience-repository';
import type { SiteRevision } from '../store/site/publish-document';
import { histogramsOf } from './roll-up';
import {
  DIRECT,
  DISTINCT_VALUES_PER_DAY,
  OTHER,
  summarizeViews,
  type RollupEntry,
} from './summarize-views';
import {
  mergeInto,
  parseHistogram,
  summarizeHistogram,
  type VitalHistogram,
} from './vital-histogram';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every UTC day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

type Sums = Map<string, { visitors: number; pageviews: number; enquiries: number }>;

function add(sums: Sums, key: string, visitors: number, pageviews: number, enquiries = 0): void {
  const sum = sums.get(key) ?? { visitors: 0, pageviews: 0, enquiries: 0 };
  sum.visitors += visitors;
  sum.pageviews += pageviews;
  sum.enquiries += enquiries;
  sums.set(key, sum);
}

/** Most visitors first, cut to DISTINCT_VALUES_PER_DAY rows like a day's roll-up. */
function ranked(sums: Sums) {
  return [...sums]
    .map(([key, sum]) => ({ key, ...sum }))
    .sort(
      (a, b) => b.visitors - a.visitors || b.enquiries - a.enquiries || a.key.localeCompare(b.key),
    )
    .slice(0, DISTINCT_VALUES_PER_DAY);
}

function summarizeVitals(histograms: Map<string, VitalHistogram>): VitalSummary[] {
  const summaries: VitalSummary[] = [];
  for (const device of DEVICES) {
    for (const metric of VITAL_METRICS) {
      const histogram = histograms.get(JSON.stringify([device, metric]));
      if (histogram === undefined) continue;
      summaries.push({ device, metric, ...summarizeHistogram(metric, histogram) });
    }
  }
  return summaries;
}

/**
 * The Audience page's numbers for a range of UTC days: each day from its roll-up, or from its
 * raw rows until it has one (today, and a past day the purge has not reached yet), so both
 * read the same. A visitor is one visitor per day: no hash outlives its day, so "visitors" over
 * a range is the sum of each day's.
 */
export async function buildAudienceReport(
  deps: {
    audience: AudienceRepository;
    listPublishes: () => Promise<SiteRevision[]>;
  },
  from: string,
  to: string,
): Promise<AudienceReport> {
  const { audience } = deps;
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
  const [rollups, rawViews, rawVitals, filtered, arrivals, subscribers, revisions] =
    await Promise.all([
      audience.readRollups(from, to),
      audience.readRawViews(from, to),
      audience.readRawVitals(from, to),
      audience.readFiltered(from, to),
      audience.listEnquiryArrivals(start, end),
      audience.countConfirmedSubscribers(start, end),
      deps.listPublishes(),
    ]);

  const entries: (RollupEntry & { day: string })[] = rollups.views.map((row) => ({ ...row }));
  const rawByDay = new Map<string, typeof rawViews>();
  for (const view of rawViews) rawByDay.set(view.day, [...(rawByDay.get(view.day) ?? []), view]);
  for (const [day, views] of rawByDay) {
    for (const entry of summarizeViews(views)) entries.push({ ...entry, day });
  }

  const series = new Map(
    daysBetween(from, to).map((day) => [day, { visitors: 0, pageviews: 0, enquiries: 0 }]),
  );
  const sources: Sums = new Map();
  const campaigns: Sums = new Map();
  const pages: Sums = new Map();
  const devices: Sums = new Map();
  for (const entry of entries) {
    const sums = {
      total: null,
      source: sources,
      campaign: campaigns,
      page: pages,
      device: devices,
    }[entry.kind];
    if (sums !== null) add(sums, entry.key, entry.visitors, entry.pageviews);
    const day = series.get(entry.day);
    if (entry.kind === 'total' && day !== undefined) {
      day.visitors += entry.visitors;
      day.pageviews += entry.pageviews;
    }
  }
  for (const arrival of arrivals) {
    const day = series.get(arrival.receivedAt.toISOString().slice(0, 10));
    if (day !== undefined) day.enquiries += 1;
    if (arrival.source === null) continue;
    add(sources, arrival.source, 0, 0, 1);
    if (arrival.medium !== null || arrival.campaign !== null) {
      add(campaigns, JSON.stringify([arrival.source, arrival.medium, arrival.campaign]), 0, 0, 1);
    }
  }

  const publishes = revisions
    .filter((revision) => revision.publishedAt >= start && revision.publishedAt < end)
    .sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  // The revision served since the last publish before the range's end, in the range or not.
  const lastPublish =
    revisions
      .filter((revision) => revision.publishedAt < end)
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())[0]?.revision ?? null;
  const all = new Map<string, VitalHistogram>();
  const since = new Map<string, VitalHistogram>();
  const before = new Map<string, VitalHistogram>();
  const addVital = (
    device: string,
    revision: string,
    metric: string,
    histogram: VitalHistogram,
  ) => {
    const key = JSON.stringify([device, metric]);
    const side = revision === lastPublish ? since : before;
    for (const target of lastPublish === null ? [all] : [all, side]) {
      const merged = target.get(key) ?? new Map<number, number>();
      mergeInto(merged, histogram);
      target.set(key, merged);
    }
  };
  for (const row of rollups.vitals)
    addVital(row.device, row.revision, row.metric, parseHistogram(row.histogram));
  for (const [key, histogram] of histogramsOf(rawVitals)) {
    const [device = '', revision = '', metric = ''] = JSON.parse(key) as string[];
    addVital(device, revision, metric, histogram);
  }

  const days = [...series].map(([date, day]) => ({ date, ...day }));
  return {
    from,
    to,
    totals: {
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
      pageviews: days.reduce((sum, day) => sum + day.pageviews, 0),
      enquiries: days.reduce((sum, day) => sum + day.enquiries, 0),
      subscribers,
      filtered: [...filtered.values()].reduce((sum, views) => sum + views, 0),
    },
    series: days,
    sources: ranked(sources).map(({ key, visitors, enquiries }) => ({
      source: key,
      visitors,
      enquiries,
    })),
    campaigns: ranked(campaigns).map(({ key, visitors, enquiries }) => {
      const [source = OTHER, medium = null, campaign = null] = JSON.parse(key) as (string | null)[];
      return { source: source ?? DIRECT, medium, campaign, visitors, enquiries };
    }),
    pages: ranked(pages)
      .sort((a, b) => b.pageviews - a.pageviews)
      .map(({ key, pageviews }) => ({ path: key, pageviews })),
    devices: ranked(devices)
      .filter((row): row is typeof row & { key: Device } =>
        DEVICES.some((device) => device === row.key),
      )
      .map(({ key, visitors }) => ({ device: key, visitors })),
    vitals: summarizeVitals(all),
    vitalsSincePublish: summarizeVitals(since),
    vitalsBeforePublish: summarizeVitals(before),
    publishes: publishes.map((revision) => ({
      at: revision.publishedAt.toISOString(),
      revision: revision.revision,
      by: revision.publishedBy,
      summary: revision.summary,
    })),
  };
}
