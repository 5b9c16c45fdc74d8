import type { AudienceReport } from '../../../common/audience';

const day = (date: string) => ({ date, visitors: 3, pageviews: 4, enquiries: 1 });

/** The week of 20–26 November 2026, three visitors and one enquiry a day, and `change` besides. */
export function weekReport(change: Partial<AudienceReport>): AudienceReport {
  return {
    from: '2026-11-20',
    to: '2026-11-26',
    totals: { visitors: 21, pageviews: 28, enquiries: 7, subscribers: 0, filtered: 0 },
    series: ['20', '21', '22', '23', '24', '25', '26'].map((date) => day(`2026-11-${date}`)),
    sources: [],
    campaigns: [],
    pages: [],
    devices: [],
    vitals: [],
    vitalsSincePublish: [],
    vitalsBeforePublish: [],
    publishes: [],
    ...change,
  };
}
