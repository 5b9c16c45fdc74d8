import { expect, it } from 'vitest';
import { describeEachStore } from '../../../tests/server/helpers/store-fixtures';
import { rollUpAndPurge } from '../../audience/roll-up';
import {
  addSample,
  parseHistogram,
  summarizeHistogram,
  type VitalHistogram,
} from '../../audience/vital-histogram';
import type { NewVital } from './audience-repository';

const DAY = '2026-03-01';
const NEXT_DAY = new Date(Date.parse(`${DAY}T00:00:00.000Z`) + 86_400_000);
const SAMPLES = 20_000;

/** A busy day of LCP on phones: 20,000 samples, as their buckets, over a dozen values. */
function busyDay(): NewVital[] {
  return Array.from({ length: SAMPLES }, (_, index) => ({
    day: DAY,
    device: 'phone',
    revision: 'r1',
    metric: 'LCP',
    value: [900, 1100, 1300, 1500, 1800, 2000, 2200, 2500, 2800, 3200, 4000, 6500][index % 12] ?? 0,
  }));
}

describeEachStore('the Web Vitals of a day, summarized by the store', (subject) => {
  it('are read as a count per value, not a row per sample, and roll up to the same p75', async () => {
    const samples = busyDay();
    for (let start = 0; start < samples.length; start += 1_000) {
      await subject.store.audience.recordVitals(samples.slice(start, start + 1_000));
    }
    const expected: VitalHistogram = new Map();
    for (const sample of samples) addSample(expected, sample.value);

    const summary = await subject.store.audience.summarizeRawVitals(DAY, DAY);
    expect(summary).toHaveLength(12);
    expect(summary.reduce((sum, row) => sum + row.samples, 0)).toBe(SAMPLES);
    const read: VitalHistogram = new Map();
    for (const row of summary) addSample(read, row.value, row.samples);
    expect(summarizeHistogram('LCP', read)).toEqual(summarizeHistogram('LCP', expected));

    expect((await rollUpAndPurge(subject.store.audience, 31, NEXT_DAY)).daysRolledUp).toBe(1);
    expect(await subject.store.audience.summarizeRawVitals(DAY, DAY)).toEqual([]);
    const { vitals } = (await subject.store.audience.readTraffic(DAY, DAY)).rollups;
    expect(vitals).toHaveLength(1);
    expect(summarizeHistogram('LCP', parseHistogram(vitals[0]?.histogram ?? '[]'))).toEqual(
      summarizeHistogram('LCP', expected),
    );
  });
});
