import { describe, expect, it } from 'vitest';
import { deviceOf } from './device-class';
import { CLASSIFIED_LENGTH } from './user-agent-prefix';
import { createValueCap } from './value-cap';
import { bucketOf, summarizeHistogram } from './vital-histogram';
import { arrivalOf, cleanValue, referrerDomain } from './visit-source';
import { hashVisitor, utcDay } from './visitor-hash';
import { OTHER } from './summarize-views';
import { readReportRange } from './report-range';

describe('the visitor hash', () => {
  it('is the same for one salt, address and user agent, and changes with any of them', () => {
    const hash = hashVisitor('salt-a', '203.0.113.7', 'Firefox');
    expect(hashVisitor('salt-a', '203.0.113.7', 'Firefox')).toBe(hash);
    expect(hashVisitor('salt-b', '203.0.113.7', 'Firefox')).not.toBe(hash);
    expect(hashVisitor('salt-a', '203.0.113.8', 'Firefox')).not.toBe(hash);
    expect(hashVisitor('salt-a', '203.0.113.7', 'Chrome')).not.toBe(hash);
    // The separator keeps "1.2.3.4" + "5x" apart from "1.2.3.45" + "x".
    expect(hashVisitor('s', '1.2.3.4', '5x')).not.toBe(hashVisitor('s', '1.2.3.45', 'x'));
    expect(hash).not.toContain('203.0.113.7');
  });

  it('belongs to the UTC day', () => {
    expect(utcDay(Date.parse('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDay(Date.parse('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
  });
});

describe('the device class', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Safari/604.1', 'phone'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36', 'phone'],
    ['Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) Safari/604.1', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36', 'desktop'],
    ['', 'desktop'],
    ['Mozilla/5.0 (Mobile; rv:48.0) Android Gecko/48.0 Firefox/48.0', 'tablet'],
  ])('of %s is %s', (userAgent, device) => {
    expect(deviceOf(userAgent)).toBe(device);
  });

  it('reads a crafted agent only as far as its first characters, which hold no "Mobile"', () => {
    expect(deviceOf(`${'Android'.repeat(2300)}Mobile`)).toBe('tablet');
  });

  it('reads nothing past the first characters, however the rest would change the answer', () => {
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0'.padEnd(CLASSIFIED_LENGTH, ' ');
    const android = 'Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0'.padEnd(
      CLASSIFIED_LENGTH,
      ' ',
    );
    expect(deviceOf(`${desktop}iPhone Mobile`)).toBe('desktop');
    expect(deviceOf(`${desktop}iPad`)).toBe('desktop');
    expect(deviceOf(`${android}Mobile`)).toBe('tablet');
  });
});

describe('where a view came from', () => {
  it('keeps only the referring domain, www. dropped, and never this site', () => {
    expect(
      referrerDomain('https://www.linkedin.com/feed/?account=ann', 'emberandink.example'),
    ).toBe('linkedin.com');
    expect(referrerDomain('https://emberandink.example/privacy', 'emberandink.example')).toBeNull();
    expect(referrerDomain('https://www.emberandink.example/', 'emberandink.example')).toBeNull();
    expect(referrerDomain('android-app://com.slack', 'emberandink.example')).toBeNull();
    expect(referrerDomain('not a url', 'emberandink.example')).toBeNull();
    expect(referrerDomain(undefined, 'emberandink.example')).toBeNull();
  });

  it('prefers the referrer, then utm_source, then ref, and reads nothing else', () => {
    expect(
      arrivalOf('?utm_source=News&utm_medium=email&utm_campaign=Spring', undefined, 'x'),
    ).toEqual({
      source: 'news',
      medium: 'email',
      campaign: 'spring',
    });
    expect(arrivalOf('?utm_source=news', 'https://t.co/abc', 'x').source).toBe('t.co');
    expect(arrivalOf('?ref=producthunt', undefined, 'x').source).toBe('producthunt');
    expect(arrivalOf('?token=secret', undefined, 'x')).toEqual({
      source: null,
      medium: null,
      campaign: null,
    });
  });

  it('cuts, trims and strips control characters from values', () => {
    expect(cleanValue(`  A\u0000B\nC${'x'.repeat(500)}`)?.length).toBe(100);
    expect(cleanValue('\u0007')).toBeNull();
  });
});

describe('bucketing', () => {
  it('lets a day hold at most the cap of distinct values per dimension, the rest as other', () => {
    const cap = createValueCap(3);
    expect(['a', 'b', 'c', 'd', 'a'].map((value) => cap('2026-03-01', 'source', value))).toEqual([
      'a',
      'b',
      'c',
      OTHER,
      'a',
    ]);
    expect(cap('2026-03-01', 'campaign', 'd')).toBe('d');
    expect(cap('2026-03-02', 'source', 'd')).toBe('d');
  });
});

describe('web vitals histograms', () => {
  it('round up to two significant digits, so a threshold is never crossed', () => {
    expect([1234, 2500, 2501, 0.1, 0.1001, 0.0312, 199.5].map(bucketOf)).toEqual([
      1300, 2500, 2600, 0.1, 0.11, 0.032, 200,
    ]);
  });

  it('give the p75 and the good / needs improvement / poor split', () => {
    const histogram = new Map([
      [1000, 2],
      [3000, 1],
      [5000, 1],
    ]);
    expect(summarizeHistogram('LCP', histogram)).toEqual({
      p75: 3000,
      good: 2,
      needsImprovement: 1,
      poor: 1,
      samples: 4,
    });
  });
});

describe('the report range', () => {
  it.each([
    ['2026-03-01', '2026-03-01', true],
    ['2024-01-01', '2024-12-31', true],
    ['2025-01-01', '2026-01-01', true],
    ['2025-01-01', '2026-01-02', false],
    ['2026-03-02', '2026-03-01', false],
    ['2026-02-30', '2026-03-01', false],
    ['2026-3-1', '2026-03-01', false],
    [undefined, '2026-03-01', false],
  ])('from %s to %s is accepted: %s', (from, to, isAccepted) => {
    expect(readReportRange(from, to) !== null).toBe(isAccepted);
  });
});
