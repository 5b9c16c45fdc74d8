import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EnquiryDetail } from '../api/types';
import { detailOf, ENQUIRIES, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];

function openWith(settings: { locale: string; currency: string }, timeZone: string) {
  const enquiry = { ...detailOf(ANN, null), receivedAt: '2026-11-26T15:45:00.000Z' };
  mockStudioApi({
    'GET me': () => json(200, { ...ME, timeZone }),
    'GET settings': () => json(200, settings),
    [`GET leads/${ANN.id}`]: () => json(200, enquiry),
  });
  renderStudio(`/studio?view=lead&id=${ANN.id}`);
}

describe("the studio's one format", () => {
  it('writes a moment as the studio’s locale does, on the studio’s clock', async () => {
    openWith({ locale: 'en-GB', currency: 'GBP' }, 'UTC');
    expect(await screen.findByText('26 Nov 2026, 15:45')).toBeVisible();
  });

  it('is the studio’s, not the reader’s: another zone and locale read the same moment their way', async () => {
    openWith({ locale: 'en-US', currency: 'USD' }, 'America/New_York');
    expect(await screen.findByText(/^Nov 26, 2026, 10:45\sAM$/)).toBeVisible();
  });

  it('starts a value in the studio’s currency, not in dollars', async () => {
    openWith({ locale: 'en-GB', currency: 'GBP' }, 'UTC');
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    await waitFor(() => expect(currency).toHaveValue('GBP'));
  });
});
