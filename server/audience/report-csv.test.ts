import { describe, expect, it } from 'vitest';
import type { AudienceReport } from '../../common/audience';
import { reportToCsv } from './report-csv';

const outcome = {
  visitors: 40,
  enquiries: 3,
  won: 1,
  lost: 1,
  wonValue: [{ amount: 12000, currency: 'GBP' }],
  subscribers: 5,
};

const report: AudienceReport = {
  from: '2025-03-01',
  to: '2025-03-07',
  totals: { visitors: 40, pageviews: 90, enquiries: 3, subscribers: 5, filtered: 12 },
  series: [],
  sources: [{ source: 'newsletter', ...outcome }],
  campaigns: [
    { source: 'newsletter', medium: 'email', campaign: 'spring-offer', letter: null, ...outcome },
  ],
  pages: [],
  devices: [],
  vitals: [],
  vitalsSincePublish: [],
  vitalsBeforePublish: [],
  publishes: [],
};

describe('the audience CSV', () => {
  const lines = reportToCsv(report).split('\r\n');

  it('gives every source and campaign all it brought, its subscribers included', () => {
    for (const [section, name] of [
      ['source', 'newsletter'],
      ['campaign', 'newsletter / email / spring-offer'],
    ]) {
      expect(lines).toEqual(
        expect.arrayContaining([
          `${section},${name},visitors,40`,
          `${section},${name},enquiries,3`,
          `${section},${name},won,1`,
          `${section},${name},lost,1`,
          `${section},${name},wonValue GBP,12000`,
          `${section},${name},subscribers,5`,
        ]),
      );
    }
  });
});
