import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AudienceReport } from '../../../common/audience';
import { AudienceTables } from './audience-tables';

const REPORT: AudienceReport = {
  from: '2026-11-01',
  to: '2026-11-07',
  totals: { visitors: 60, pageviews: 90, enquiries: 5, subscribers: 0, filtered: 3 },
  series: [],
  sources: [
    {
      source: 'linkedin.com',
      visitors: 40,
      enquiries: 4,
      won: 2,
      lost: 1,
      wonValue: [{ amount: 12000, currency: 'GBP' }],
      subscribers: 6,
    },
    { source: 'direct', visitors: 20, enquiries: 1, won: 0, lost: 0, wonValue: [], subscribers: 0 },
  ],
  campaigns: [
    {
      source: 'linkedin.com',
      medium: 'social',
      campaign: 'spring-offer',
      letter: null,
      visitors: 40,
      enquiries: 4,
      won: 2,
      lost: 1,
      wonValue: [
        { amount: 12000, currency: 'GBP' },
        { amount: 500, currency: 'USD' },
      ],
      subscribers: 6,
    },
  ],
  pages: [],
  devices: [],
  vitals: [],
  vitalsSincePublish: [],
  vitalsBeforePublish: [],
  publishes: [],
};

/** A table's cells as the reader meets them: each row's header and data cells, in order. */
function cellsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
    );
}

describe('the audience tables', () => {
  it('say in one sentence which source brought the most money from won leads', () => {
    render(<AudienceTables report={REPORT} />);

    expect(
      screen.getByText(
        'linkedin.com brought £12,000.00 in won leads from Nov 1, 2026 to Nov 7, 2026.',
      ),
    ).toBeVisible();
  });

  it('show beside each source its enquiries, how many were won and lost, the conversion and the subscribers', () => {
    render(<AudienceTables report={REPORT} />);

    expect(cellsOf(screen.getByRole('table', { name: 'Sources' }))).toEqual([
      ['Source', 'Visitors', 'Enquiries', 'Won', 'Won value', 'Lost', 'Conversion', 'Subscribers'],
      ['linkedin.com', '40', '4', '2', '£12,000.00', '1', '10.0%', '6'],
      ['direct', '20', '1', '0', '–', '0', '5.0%', '0'],
    ]);
  });

  it('show the same for each campaign', () => {
    render(<AudienceTables report={REPORT} />);

    expect(cellsOf(screen.getByRole('table', { name: 'Campaigns' }))).toEqual([
      [
        'Campaign',
        'Source',
        'Medium',
        'Visitors',
        'Enquiries',
        'Won',
        'Won value',
        'Lost',
        'Conversion',
        'Subscribers',
      ],
      [
        'spring-offer',
        'linkedin.com',
        'social',
        '40',
        '4',
        '2',
        '£12,000.00 + $500.00',
        '1',
        '10.0%',
        '6',
      ],
    ]);
  });
  it('say what each letter brought, and name the letter beside its campaign', () => {
    const spring = {
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring-notes',
      letter: { slug: 'spring-notes', subject: 'Spring notes' },
      visitors: 12,
      enquiries: 2,
      won: 1,
      lost: 0,
      wonValue: [{ amount: 12000, currency: 'GBP' }],
      subscribers: 0,
    };
    render(<AudienceTables report={{ ...REPORT, campaigns: [...REPORT.campaigns, spring] }} />);

    expect(
      screen.getByText('The letter “Spring notes” brought £12,000.00 in won leads.'),
    ).toBeInTheDocument();
    const campaigns = screen.getByRole('table', { name: 'Campaigns' });
    expect(within(campaigns).getByRole('link', { name: 'Spring notes' })).toHaveAttribute(
      'href',
      '/letters/spring-notes',
    );
  });
});
