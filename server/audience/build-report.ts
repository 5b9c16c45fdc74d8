import {
  DEVICES,
  VITAL_METRICS,
  type AudienceOutcome,
  type AudienceReport,
  type Device,
  type VitalSummary,
} from '../../common/audience';
import type { LeadStage } from '../../common/leads';
import { fromMinorUnits } from '../../common/lead-value';
import type { AudienceRepository, EnquiryArrival } from '../store/audience/audience-repository';
import type { SiteRevision } from '../store/site/publish-document';
import type { PublishedLetters } from '../store/letters/published-letters';
import { LETTER_CAMPAIGN } from '../letters/campaign-links';
import { histogramsOf } from './roll-up';
import {
  campaignKey,
  DIRECT,
  DISTINCT_VALUES_PER_DAY,
  OTHER,
  type RollupEntry,
} from './summarize-views';
import {
  mergeInto,
  parseHistogram,
  summarizeHistogram,
  type VitalHistogram,
} from './vital-histogram';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The sent letters a campaign may be credited to, the latest; the archive shows as many. */
const LETTERS_CREDITED = 500;

/** Every UTC day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** A row's numbers while they are added up; the won value per currency in minor units. */
type Sum = { pageviews: number; wonMinor: Map<string, number> } & Omit<AudienceOutcome, 'wonValue'>;
type Sums = Map<string, Sum>;

function sumOf(sums: Sums, key: string): Sum {
  let sum = sums.get(key);
  if (sum === undefined) {
    sum = {
      visitors: 0,
      pageviews: 0,
      enquiries: 0,
      won: 0,
      lost: 0,
      wonMinor: new Map(),
      subscribers: 0,
    };
    sums.set(key, sum);
  }
  return sum;
}

function add(sums: Sums, key: string, visitors: number, pageviews: number): void {
  const sum = sumOf(sums, key);
  sum.visitors += visitors;
  sum.pageviews += pageviews;
}

/** An enquiry counts for its source, and a won or lost one for its outcome too. */
function addEnquiry(sums: Sums, key: string, stage: LeadStage): void {
  const sum = sumOf(sums, key);
  sum.enquiries += 1;
  if (stage === 'won') sum.won += 1;
  if (stage === 'lost') sum.lost += 1;
}

/** The numbers a source or campaign row shows. */
function outcomeOf({
  visitors,
  enquiries,
  won,
  lost,
  wonMinor,
  subscribers,
}: Sum): AudienceOutcome {
  const wonValue = [...wonMinor]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => ({ amount: fromMinorUnits(minor, currency), currency }));
  return { visitors, enquiries, won, lost, wonValue, subscribers };
}

/** Adds a won value (minor units) to a source's or campaign's total in its currency. */
function addWonValue(sums: Sums, key: string, currency: string, minor: number): void {
  const { wonMinor } = sumOf(sums, key);
  wonMinor.set(currency, (wonMinor.get(currency) ?? 0) + minor);
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
 * One arrival per person and UTC day, their first: a visitor is counted once a day (their hash
 * lives a day), so the people who enquired are too, and a conversion rate compares the same kind
 * of thing. A client who writes again after their lead closed, and books, on the same day, is
 * one conversion; the leads themselves are still all in the inbox.
 */
function firstOfEachPersonDay(arrivals: readonly EnquiryArrival[]): EnquiryArrival[] {
  const seen = new Set<string>();
  return [...arrivals]
    .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime())
    .filter((arrival) => {
      const key = JSON.stringify([arrival.receivedAt.toISOString().slice(0, 10), arrival.person]);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
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
    letters: Pick<PublishedLetters, 'listSentLetters'>;
  },
  from: string,
  to: string,
): Promise<AudienceReport> {
  const { audience } = deps;
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
  const [
    { rollups, rawViews, rawVitals, filtered },
    arrivals,
    wonValues,
    subscribers,
    joined,
    revisions,
    sentLetters,
  ] = await Promise.all([
    audience.readTraffic(from, to),
    audience.listEnquiryArrivals(start, end),
    audience.sumWonValues(start, end),
    audience.countConfirmedSubscribers(start, end),
    audience.listSubscriberSources(start, end),
    // The history also keeps drafts a restore replaced: they were never the page.
    deps.listPublishes().then((entries) => entries.filter(({ kind }) => kind === 'publish')),
    deps.letters.listSentLetters(LETTERS_CREDITED),
  ]);
  const letterSubjects = new Map(sentLetters.map(({ slug, subject }) => [slug, subject]));
  /** The letter a campaign is: its links carry its slug as the campaign, with medium email. */
  const letterOf = (medium: string | null, campaign: string | null) => {
    const subject = campaign === null ? undefined : letterSubjects.get(campaign);
    return medium !== LETTER_CAMPAIGN.medium || campaign === null || subject === undefined
      ? null
      : { slug: campaign, subject };
  };

  const entries: (RollupEntry & { day: string })[] = [...rollups.views, ...rawViews];

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
  for (const arrival of firstOfEachPersonDay(arrivals)) {
    const day = series.get(arrival.receivedAt.toISOString().slice(0, 10));
    if (day !== undefined) day.enquiries += 1;
    if (arrival.source === null) continue;
    addEnquiry(sources, arrival.source, arrival.stage);
    if (arrival.medium !== null || arrival.campaign !== null) {
      addEnquiry(
        campaigns,
        campaignKey(arrival.source, arrival.medium, arrival.campaign),
        arrival.stage,
      );
    }
  }
  for (const { source, medium, campaign, currency, minor } of wonValues) {
    addWonValue(sources, source, currency, minor);
    if (medium !== null || campaign !== null) {
      addWonValue(campaigns, campaignKey(source, medium, campaign), currency, minor);
    }
  }
  for (const { source, medium, campaign } of joined) {
    sumOf(sources, source).subscribers += 1;
    if (medium !== null || campaign !== null) {
      sumOf(campaigns, campaignKey(source, medium, campaign)).subscribers += 1;
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
    sources: ranked(sources).map(({ key, ...sum }) => ({ source: key, ...outcomeOf(sum) })),
    campaigns: ranked(campaigns).map(({ key, ...sum }) => {
      const [source = OTHER, medium = null, campaign = null] = JSON.parse(key) as (string | null)[];
      return {
        source: source ?? DIRECT,
        medium,
        campaign,
        letter: letterOf(medium, campaign),
        ...outcomeOf(sum),
      };
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
