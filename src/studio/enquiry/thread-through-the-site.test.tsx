import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { ThreadMessage } from '../../../common/leads';
import type { EnquiryDetail } from '../api/types';
import { detailOf, ENQUIRIES, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const [ANN] = ENQUIRIES as [EnquiryDetail, ...EnquiryDetail[]];

/** A call booked through the site joined Ann's lead: the server sends it with no recipient. */
const BOOKING: ThreadMessage = {
  id: 'e-2',
  direction: 'in',
  from: ANN.email,
  fromName: null,
  to: '',
  cc: [],
  at: '2026-11-23T12:00:00.000Z',
  subject: 'Logo & Brand Identity',
  text: 'Booked a call through the site: Monday, 30 November 2026, 09:00–09:30.',
  isAcknowledgement: false,
  state: 'received',
  reason: null,
  isThirdParty: false,
  isTruncated: false,
  isVerified: null,
  attachments: [],
};

it('says a booking or an enquiry that joined the lead came through the site, never “to” no one', async () => {
  mockStudioApi({
    'GET me': () => json(200, ME),
    [`GET enquiries/${ANN.id}`]: () => json(200, { ...detailOf(ANN, null), thread: [BOOKING] }),
    'GET staff': () => json(200, { items: [] }),
    'GET saved-replies': () => json(200, { items: [] }),
  });
  renderStudio(`/studio?view=enquiry&id=${ANN.id}`);
  const thread = await screen.findByRole('region', { name: 'Conversation' });

  const booking = within(thread).getByRole('article', { name: 'Their answer' });
  expect(within(booking).getByRole('banner')).toHaveTextContent(
    `From ${ANN.email} through the site`,
  );
  expect(within(booking).getByRole('banner')).not.toHaveTextContent(/\bto\b/);
});
