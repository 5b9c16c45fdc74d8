import type { LeadValue } from './lead-value';
import * as z from 'zod/mini';

/** A beacon bigger than this is refused with 413 before it is read. */
export const AUDIENCE_BEACON_MAX_BYTES = 4096;

export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

export const VITAL_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/**
 * Google's thresholds: at or under `good` is good, over `poor` is poor, between needs
 * improvement. Milliseconds, CLS unitless. TTFB's are web.dev's (800 ms / 1.8 s).
 */
export const VITAL_THRESHOLDS: Record<VitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/** The largest value believed: anything above is a broken clock or a forged beacon. */
export const VITAL_CEILINGS: Record<VitalMetric, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 100,
  TTFB: 120_000,
};

const VitalSampleSchema = z
  .strictObject({
    name: z.enum(VITAL_METRICS),
    value: z.number().check(z.minimum(0)),
  })
  .check(
    z.refine(
      (sample) => Number.isFinite(sample.value) && sample.value <= VITAL_CEILINGS[sample.name],
      {
        message: 'out of range',
      },
    ),
  );

/**
 * What the page's beacon sends: a random id of the page load, made in memory and never stored on
 * the device, so the server can keep one sample of each metric per page view however often the
 * tab is hidden; and the metrics measured since the last beacon, each once.
 */
export const AudienceBeaconSchema = z.strictObject({
  pageLoad: z.string().check(z.regex(/^[\w-]{1,64}$/)),
  metrics: z.array(VitalSampleSchema).check(z.minLength(1), z.maxLength(VITAL_METRICS.length)),
});
export type AudienceBeacon = z.infer<typeof AudienceBeaconSchema>;

/** A visit's origin as the studio shows it beside an enquiry. */
export type Attribution = {
  source: string;
  medium: string | null;
  campaign: string | null;
  landingPath: string;
  revision: string | null;
  /** ISO 8601. */
  visitedAt: string;
};

export type AudienceTotals = {
  visitors: number;
  pageviews: number;
  enquiries: number;
  subscribers: number;
  /** Views by bots: never in the other numbers. */
  filtered: number;
};

export type AudienceDay = { date: string; visitors: number; pageviews: number; enquiries: number };

export type VitalSummary = {
  device: Device;
  metric: VitalMetric;
  p75: number;
  good: number;
  needsImprovement: number;
  poor: number;
  samples: number;
};

/**
 * What one source or campaign brought in the range: its visitors, the enquiries received in the
 * range that came from it (and how many of those the studio has marked won and lost so far),
 * and the newsletter addresses confirmed in the range that came from it.
 */
export type AudienceOutcome = {
  visitors: number;
  enquiries: number;
  won: number;
  lost: number;
  /** What those won leads are worth, one total per currency (by code); empty when nothing. */
  wonValue: LeadValue[];
  subscribers: number;
};

/** GET /api/studio/audience. */
export type AudienceReport = {
  from: string;
  to: string;
  totals: AudienceTotals;
  series: AudienceDay[];
  sources: ({ source: string } & AudienceOutcome)[];
  campaigns: ({
    source: string;
    medium: string | null;
    campaign: string | null;
    /** The sent letter this campaign is (medium `email`, campaign its slug): what it brought. */
    letter: { slug: string; subject: string } | null;
  } & AudienceOutcome)[];
  pages: { path: string; pageviews: number }[];
  devices: { device: Device; visitors: number }[];
  vitals: VitalSummary[];
  /** The same, for the views since the last publish in the range, and before it. */
  vitalsSincePublish: VitalSummary[];
  vitalsBeforePublish: VitalSummary[];
  publishes: { at: string; revision: string; by: string | null; summary: string }[];
};

/** good / needs improvement / poor, by Google's thresholds. */
export function rateVital(
  metric: VitalMetric,
  value: number,
): 'good' | 'needsImprovement' | 'poor' {
  const { good, poor } = VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needsImprovement' : 'poor';
}
