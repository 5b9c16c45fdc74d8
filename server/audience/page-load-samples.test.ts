import { describe, expect, it } from 'vitest';
import { createPageLoadSamples } from './page-load-samples';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function clock(start = 10 * MINUTE) {
  let at = start;
  return { now: () => at, pass: (ms: number) => (at += ms) };
}

describe("a page load's samples", () => {
  it('takes each metric of a page load once, and forgets the page load after six quiet hours', () => {
    const { now, pass } = clock();
    const samples = createPageLoadSamples({ capacity: 100, quietMs: 6 * HOUR, now });
    expect(samples.isFirst('k3j9', 'CLS')).toBe(true);
    expect(samples.isFirst('k3j9', 'INP')).toBe(true);
    pass(5 * HOUR);
    expect(samples.isFirst('k3j9', 'CLS')).toBe(false);
    expect(samples.isFirst('other', 'CLS')).toBe(true);
    pass(6 * HOUR);
    expect(samples.isFirst('k3j9', 'INP')).toBe(true);
  });
});
