import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StudioSettings } from '../../../common/studio-settings';
import { json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { weekReport } from '../testing/audience-report';
import { renderStudio } from '../testing/render-studio';

const SETTINGS: StudioSettings = {
  acknowledgement: { enabled: false, subject: 'Thanks', text: 'Thanks.' },
  locale: 'en-GB',
  currency: 'GBP',
};

const REPORT = weekReport({
  sources: [
    {
      source: 'linkedin.com',
      visitors: 21,
      enquiries: 7,
      won: 1,
      lost: 0,
      wonValue: [{ amount: 8000, currency: 'GBP' }],
      subscribers: 0,
    },
  ],
  publishes: [
    {
      at: '2026-11-24T10:05:00.000Z',
      revision: 'b',
      by: 'theo@emberandink.example',
      summary: 'A new quote',
    },
  ],
});

afterEach(() => vi.useRealTimers());

describe('the audience page', () => {
  it('writes its days in the studio’s language and who published by name', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-26T12:00:00Z'), toFake: ['Date'] });
    mockStudioApi({
      'GET me': () => json(200, { ...ME, timeZone: 'Europe/London' }),
      'GET settings': () => json(200, SETTINGS),
      'GET staff': () =>
        json(200, { items: [{ email: 'theo@emberandink.example', name: 'Theo Marsh' }] }),
      'GET audience': () => json(200, REPORT),
    });
    const { user } = renderStudio('/studio/audience');

    expect(
      await screen.findByText(
        'linkedin.com brought £8,000.00 in won leads from 20 Nov 2026 to 26 Nov 2026.',
      ),
    ).toBeVisible();
    await user.click(screen.getByText('Show the numbers per day as a table'));
    const table = screen.getByRole('table', { name: 'Visitors and enquiries per day' });
    expect(within(table).getByRole('rowheader', { name: '24 Nov 2026' })).toBeVisible();
    expect(table).not.toHaveTextContent('2026-11-24');
    expect(await screen.findByRole('button', { name: /Theo Marsh/ })).toHaveAccessibleName(
      /24 Nov 2026, 10:05/,
    );
  });
});
