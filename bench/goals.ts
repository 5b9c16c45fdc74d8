import type { AudienceEventsResult } from './audience-events';
import type { ViewLoadResult } from './audience-views';
import type { EnquiryResult } from './enquiry-throughput';
import type { SearchBackendResult } from './inbox-search';
import type { InitialLoad } from './initial-load';
import type { IslandsResult } from './islands';
import type { LighthouseResults } from './lighthouse';
import type { PublishResult } from './publish-under-load';
import type { PathComparison } from './static-throughput';
import type { StudioResults } from './studio-bench';
import { SLOW_CPU } from './studio-lighthouse';
import type { SoakResult } from '../tests/soak/run-soak';

export type Goal = { goal: string; measured: string; passed: boolean | null };

/** The measurements the goals are checked against; the report carries them too. */
export type GoalMeasurements = {
  lighthouse: LighthouseResults | null;
  studio: StudioResults | null;
  initialLoad: InitialLoad;
  staticPaths: PathComparison[] | null;
  enquiries: EnquiryResult | null;
  audience: AudienceEventsResult | null;
  audienceViews: ViewLoadResult[] | null;
  soak: SoakResult | null;
  search: SearchBackendResult[] | null;
  islands: IslandsResult | null;
  publish: PublishResult | null;
};

const KB = 1024;
/**
 * Lighthouse simulates LCP from the trace, so two builds that send the same bytes in the same
 * order still differ by a millisecond or two between runs; 1% is below any change a person sees.
 */
const LCP_TOLERANCE = 0.01;

/**
 * How much later than `/`'s the largest paint of `/book` may come in the same run: 50 ms, a
 * twentieth of `/`'s own LCP and below what a person notices; two pages never paint identically.
 */
const BOOK_LCP_TOLERANCE_MS = 50;

/**
 * Our server's CPU time per view of `/` (served from memory and counted): 45.5 µs (41–69) on
 * this machine class on 2026-11-26, with a tenth added for the noise between runs. Later builds
 * must not exceed it.
 */
const CPU_MICROS_PER_VIEW = 50;

/** The bound on a studio tap's INP: opening a lead, changing its stage. */
const STUDIO_INP_MS = 100;

/** Issue 45's bounds on the signed-in studio's first screen, Lighthouse mobile, 1,000 leads. */
const STUDIO_LCP_MS = 1_200;
const STUDIO_TBT_MS = 50;
const STUDIO_PERFORMANCE = 95;

/** The inbox and a lead's page: their median LCP, TBT and performance within the issue's. */
function studioPageGoals(studio: StudioResults | null): Goal[] {
  return (['inbox', 'lead'] as const).flatMap((which) => {
    const page = studio?.[which];
    const name = which === 'inbox' ? '/studio' : "a lead's page";
    const goal = (what: string, value: number | undefined, met: (value: number) => boolean) => ({
      goal: `${name} ${what} (studio, mobile)`,
      measured: value === undefined ? 'not measured' : String(round(value)),
      passed: value === undefined ? null : met(value),
    });
    return [
      goal(`LCP ≤ ${STUDIO_LCP_MS} ms`, page?.lcpMs.median, (ms) => ms <= STUDIO_LCP_MS),
      goal(`TBT ≤ ${STUDIO_TBT_MS} ms`, page?.tbtMs.median, (ms) => ms <= STUDIO_TBT_MS),
      goal(
        `Performance ≥ ${STUDIO_PERFORMANCE}`,
        page?.performance.median,
        (score) => score >= STUDIO_PERFORMANCE,
      ),
    ];
  });
}

/** Issue 54's bound on TBT on a slower machine: Lighthouse mobile with the CPU slowed 8×. */
const STUDIO_SLOW_TBT_MS = 200;

/** The inbox and a lead's page on the slower machine: their median TBT within the bound. */
function studioSlowCpuGoals(studio: StudioResults | null): Goal[] {
  return (['inbox', 'lead'] as const).map((which) => {
    const tbt = studio?.slowCpu[which].tbtMs.median;
    const name = which === 'inbox' ? '/studio' : "a lead's page";
    return {
      goal: `${name} TBT ≤ ${STUDIO_SLOW_TBT_MS} ms (studio, mobile, CPU ${SLOW_CPU}×)`,
      measured: tbt === undefined ? 'not measured' : String(round(tbt)),
      passed: tbt === undefined ? null : tbt <= STUDIO_SLOW_TBT_MS,
    };
  });
}

/** The studio's taps on a phone, CPU 4×, 1,000 leads: INP of two, and no list asked for again. */
function studioTapGoals(studio: StudioResults | null): Goal[] {
  const taps = studio?.interactions;
  const inp = (goal: string, latency: number | undefined): Goal => ({
    goal,
    measured: latency === undefined ? 'not measured' : `${round(latency)} ms`,
    passed: latency === undefined ? null : latency <= STUDIO_INP_MS,
  });
  const refetches = taps?.refetchesOnBack.max;
  return [
    inp(`opening a lead: INP ≤ ${STUDIO_INP_MS} ms (CPU 4×)`, taps?.openLead.latencyMs.median),
    inp(
      `changing a lead's stage: INP ≤ ${STUDIO_INP_MS} ms (CPU 4×)`,
      taps?.changeStage.latencyMs.median,
    ),
    {
      goal: 'back from a lead to the inbox: no refetch of its list',
      measured: refetches === undefined ? 'not measured' : `refetches on back: ${refetches}`,
      passed: refetches === undefined ? null : refetches === 0,
    },
  ];
}

/** `/book` meets the landing page's Lighthouse goals: mobile 100, LCP no slower than `/`'s. */
function bookGoals(lighthouse: LighthouseResults | null): Goal[] {
  const book = lighthouse?.book;
  const home = lighthouse?.mobile;
  const lcpAbove =
    book === undefined || home === undefined ? undefined : book.lcpMs.median - home.lcpMs.median;
  return [
    {
      goal: '/book Performance 100 (mobile)',
      measured: book === undefined ? 'not measured' : String(book.performance.median),
      passed: book === undefined ? null : book.performance.median >= 100,
    },
    {
      goal: `/book LCP ≤ /'s + ${BOOK_LCP_TOLERANCE_MS} ms, same run`,
      measured:
        book === undefined || home === undefined
          ? 'not measured'
          : `${round(book.lcpMs.median)} ms vs ${round(home.lcpMs.median)} ms`,
      passed: lcpAbove === undefined ? null : lcpAbove <= BOOK_LCP_TOLERANCE_MS,
    },
  ];
}

/** The goals, each checked against the medians of this run (mobile unless said). */
export function checkGoals(results: GoalMeasurements): Goal[] {
  const goals: Goal[] = [];
  const mobile = results.lighthouse?.mobile;
  const scores = [
    ['Performance', mobile?.performance.median],
    ['Accessibility', mobile?.accessibility.median],
    ['Best Practices', mobile?.bestPractices.median],
    ['SEO', mobile?.seo.median],
  ] as const;
  for (const [name, value] of scores) {
    goals.push({
      goal: `${name} 100`,
      measured: value === undefined ? 'not measured' : String(value),
      passed: value === undefined ? null : value >= 100,
    });
  }
  const metric = (goal: string, value: number | undefined, limit: number, unit: string) =>
    goals.push({
      goal,
      measured: value === undefined ? 'not measured' : `${round(value)} ${unit}`.trim(),
      passed: value === undefined ? null : value <= limit,
    });
  metric('LCP ≤ 1.2 s', mobile?.lcpMs.median, 1200, 'ms');
  metric('LCP within 50 ms of FCP', mobile?.lcpAfterFcpMs.median, 50, 'ms');
  const reference = results.lighthouse?.reference?.mobile.lcpMs.median;
  const lcpRatio =
    mobile === undefined || reference === undefined ? undefined : mobile.lcpMs.median / reference;
  goals.push({
    goal: 'LCP ≤ 0.5× the reference page’s, same run',
    measured: lcpRatio === undefined ? 'not measured' : `${lcpRatio.toFixed(2)}×`,
    passed: lcpRatio === undefined ? null : lcpRatio <= 0.5,
  });
  const referenceTbt = results.lighthouse?.reference?.mobile.tbtMs.median;
  const tbtAbove =
    mobile === undefined || referenceTbt === undefined
      ? undefined
      : mobile.tbtMs.median - referenceTbt;
  goals.push({
    goal: 'median TBT within 20 ms of the reference page’s, same run',
    measured:
      tbtAbove === undefined
        ? 'not measured'
        : `${round(mobile?.tbtMs.median ?? 0)} ms vs ${round(referenceTbt ?? 0)} ms`,
    passed: tbtAbove === undefined ? null : tbtAbove <= 20,
  });
  metric('CLS ≤ 0.01', mobile?.cls.median, 0.01, '');
  goals.push(...bookGoals(results.lighthouse));
  goals.push(
    ...studioPageGoals(results.studio),
    ...studioSlowCpuGoals(results.studio),
    ...studioTapGoals(results.studio),
  );
  metric(
    'initial-load transfer ≤ 150 KB (brotli)',
    results.initialLoad.total.brotli / KB,
    150,
    'KB',
  );
  // Requests per second against nginx is no longer a goal (node:http's cost per request, not
  // the page's); the server's CPU time per view of `/`, counting on, must not grow.
  const home = results.staticPaths?.find((comparison) => comparison.path === '/');
  metric(
    `CPU per request of /, counting on, ≤ ${CPU_MICROS_PER_VIEW} µs`,
    home?.oursCpuMicrosPerRequest?.median ?? undefined,
    CPU_MICROS_PER_VIEW,
    'µs',
  );
  const enquiries = results.enquiries;
  goals.push({
    goal: '≥ 500 valid enquiries/s stored durably',
    measured:
      enquiries === null
        ? 'not measured'
        : `${Math.round(enquiries.requestsPerSecond.median)}/s, ${enquiries.stored} stored of ${enquiries.accepted} accepted`,
    passed:
      enquiries === null
        ? null
        : enquiries.requestsPerSecond.median >= 500 &&
          enquiries.failures === 0 &&
          enquiries.stored >= enquiries.accepted,
  });
  metric('enquiry p99 ≤ 50 ms', enquiries?.p99Ms.median, 50, 'ms');
  const { audience } = results;
  goals.push({
    goal: '≥ 5,000 beacons/s on one instance, every one taken stored',
    measured:
      audience === null
        ? 'not measured'
        : `${Math.round(audience.requestsPerSecond.median)}/s, ${audience.stored} stored of ${audience.accepted} taken`,
    passed:
      audience === null
        ? null
        : audience.requestsPerSecond.median >= 5000 &&
          audience.failures === 0 &&
          audience.stored >= audience.accepted,
  });
  metric('beacon p99 ≤ 20 ms', audience?.p99Ms.median, 20, 'ms');
  const { audienceViews } = results;
  goals.push({
    goal: 'every view of / answered under load is counted, as a view or filtered (one visitor, a crowd)',
    measured:
      audienceViews === null
        ? 'not measured'
        : audienceViews
            .map(
              (load) =>
                `${load.viewers}: ${load.storedViews} + ${load.filteredViews} filtered of ${load.answered}`,
            )
            .join('; '),
    passed:
      audienceViews === null
        ? null
        : audienceViews.every(
            (load) => load.failures === 0 && load.storedViews + load.filteredViews >= load.answered,
          ),
  });
  metric(
    'first tap to open menu ≤ 200 ms (CPU 4×)',
    results.islands?.firstTap.delayMs.median,
    200,
    'ms',
  );
  const comparison = results.islands?.comparison;
  if (comparison) {
    goals.push({
      goal: `LCP no worse than ${comparison.baselineRef} (within ${LCP_TOLERANCE * 100}%)`,
      measured: `${round(comparison.current.lcpMs.median)} ms vs ${round(comparison.baseline.lcpMs.median)} ms`,
      passed:
        comparison.current.lcpMs.median <= comparison.baseline.lcpMs.median * (1 + LCP_TOLERANCE),
    });
  }
  if (results.soak !== null) goals.push(...soakGoals(results.soak));
  if (results.publish !== null) goals.push(publishGoal(results.publish));
  for (const backend of results.search ?? []) {
    const searches = backend.scenarios.filter((scenario) => scenario.isSearch);
    metric(
      `inbox search over ${backend.enquiries.toLocaleString('en-US')} enquiries < 100 ms, slowest p95 (${backend.backend})`,
      Math.max(...searches.map((scenario) => scenario.p95Ms)),
      100,
      'ms',
    );
  }
  return goals;
}

function publishGoal(publish: PublishResult): Goal {
  return {
    goal: 'publish under load: served within 2 s, no error, no mixed page',
    measured: `slowest ${round(publish.visibleMs.max)} ms, ${publish.errors} errors, ${publish.mixed} mixed of ${publish.pageRequests}`,
    passed: publish.visibleMs.max <= 2000 && publish.errors === 0 && publish.mixed === 0,
  };
}

function soakGoals(soak: SoakResult): Goal[] {
  const { throughputRatio, rssGrowth, enquiries } = soak;
  const isEveryEnquiryOnce =
    enquiries.stored === enquiries.acknowledged && enquiries.emailedOnce === enquiries.acknowledged;
  return [
    {
      goal: 'soak: / throughput, last minute ≥ 95% of the first',
      measured: throughputRatio === null ? 'not measured' : `${Math.round(throughputRatio * 100)}%`,
      passed: throughputRatio === null ? null : throughputRatio >= 0.95,
    },
    {
      goal: 'soak: RSS growth, first to last minute < 10%',
      measured: `${round((rssGrowth - 1) * 100)}%`,
      passed: rssGrowth < 1.1,
    },
    {
      goal: 'soak: every accepted enquiry stored and emailed once',
      measured: `${enquiries.acknowledged} accepted, ${enquiries.stored} stored, ${enquiries.emailedOnce} emailed once`,
      passed: isEveryEnquiryOnce && soak.problems.length === 0,
    },
  ];
}

export function round(value: number): number {
  if (Math.abs(value) >= 100) return Math.round(value);
  if (Math.abs(value) >= 1) return Math.round(value * 10) / 10;
  return Math.round(value * 1000) / 1000;
}
