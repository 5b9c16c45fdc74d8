import { rateVital, type VitalMetric } from '../../common/audience';

/**
 * A day's samples of one metric, as counts per value rounded up to two significant digits:
 * at most 90 keys a decade, however many samples, and a p75 read from it is within 10% of the
 * exact one (never under it). Histograms add up, so days and instances merge exactly.
 */
export type VitalHistogram = Map<number, number>;

/** 1234 → 1300, 0.0312 → 0.032: the bucket a sample is counted in. */
export function bucketOf(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Number(
    (Math.ceil(Number((value / magnitude).toPrecision(12))) * magnitude).toPrecision(2),
  );
}

export function addSample(histogram: VitalHistogram, value: number, count = 1): void {
  const bucket = bucketOf(value);
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

export function mergeInto(target: VitalHistogram, source: VitalHistogram): void {
  for (const [bucket, count] of source) target.set(bucket, (target.get(bucket) ?? 0) + count);
}

export function serializeHistogram(histogram: VitalHistogram): string {
  return JSON.stringify([...histogram].sort(([a], [b]) => a - b));
}

export function parseHistogram(text: string): VitalHistogram {
  const entries: unknown = JSON.parse(text);
  const histogram: VitalHistogram = new Map();
  if (!Array.isArray(entries)) return histogram;
  for (const entry of entries) {
    if (Array.isArray(entry) && typeof entry[0] === 'number' && typeof entry[1] === 'number') {
      histogram.set(entry[0], entry[1]);
    }
  }
  return histogram;
}

export type VitalSplit = {
  p75: number;
  good: number;
  needsImprovement: number;
  poor: number;
  samples: number;
};

/** The 75th percentile (the value three quarters of samples are at or under) and the split. */
export function summarizeHistogram(metric: VitalMetric, histogram: VitalHistogram): VitalSplit {
  const buckets = [...histogram].sort(([a], [b]) => a - b);
  const split = { good: 0, needsImprovement: 0, poor: 0 };
  let samples = 0;
  for (const [bucket, count] of buckets) {
    split[rateVital(metric, bucket)] += count;
    samples += count;
  }
  const rank = Math.ceil(samples * 0.75);
  let seen = 0;
  let p75 = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= rank) {
      p75 = bucket;
      break;
    }
  }
  return { p75, ...split, samples };
}
