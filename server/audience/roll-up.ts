import type { AudienceRepository, DayRollup } from '../store/audience/audience-repository';
import type { VitalRow } from '../store/audience/traffic-reads';
import { addSample, serializeHistogram, type VitalHistogram } from './vital-histogram';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Samples, counted per value, by device, revision and metric, as histograms. */
export function histogramsOf(
  samples: readonly (VitalRow & { samples: number })[],
): Map<string, VitalHistogram> {
  const histograms = new Map<string, VitalHistogram>();
  for (const sample of samples) {
    const key = JSON.stringify([sample.device, sample.revision, sample.metric]);
    let histogram = histograms.get(key);
    if (histogram === undefined) {
      histogram = new Map();
      histograms.set(key, histogram);
    }
    addSample(histogram, sample.value, sample.samples);
  }
  return histograms;
}

/** One day's samples as the roll-ups keep them. */
function rollUpVitals(vitals: readonly (VitalRow & { samples: number })[]): DayRollup['vitals'] {
  return [...histogramsOf(vitals)].map(([key, histogram]) => {
    const [device = '', revision = '', metric = ''] = JSON.parse(key) as string[];
    return { device, revision, metric, histogram: serializeHistogram(histogram) };
  });
}

/**
 * Rolls up every finished UTC day that is not yet, then deletes the raw rows older than
 * `rawDays`. Each day is written once across instances (the roll-up lock and the day's
 * marker row); an instance that finds it taken moves on.
 */
export async function rollUpAndPurge(
  audience: AudienceRepository,
  rawDays: number,
  now: Date,
): Promise<{ daysRolledUp: number; rawRowsDeleted: number }> {
  const today = now.toISOString().slice(0, 10);
  let daysRolledUp = 0;
  for (const day of await audience.listDaysToRollUp(today)) {
    const [views, vitals] = await Promise.all([
      audience.summarizeRawViews(day, day),
      audience.summarizeRawVitals(day, day),
    ]);
    const rollup: DayRollup = {
      views: views.map(({ kind, key, visitors, pageviews }) => ({
        kind,
        key,
        visitors,
        pageviews,
      })),
      vitals: rollUpVitals(vitals),
    };
    if (await audience.saveRollup(day, rollup, now)) daysRolledUp += 1;
  }
  const keepFrom = new Date(now.getTime() - rawDays * DAY_MS).toISOString().slice(0, 10);
  return { daysRolledUp, rawRowsDeleted: await audience.purgeRawBefore(keepFrom) };
}
