import { within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { detailOf } from '../testing/mock-studio-api';
import { ANN, openLeadThread, threadMessage } from '../testing/lead-thread';

/** A call booked through the site joined Ann's lead: the server sends it with no recipient. */
const BOOKING = threadMessage({
  id: 'e-2',
  to: '',
  subject: 'Logo & Brand Identity',
  text: 'Booked a call through the site: Monday, 30 November 2026, 09:00–09:30.',
  isVerified: null,
});

it('says a booking or an enquiry that joined the lead came through the site, never “to” no one', async () => {
  const thread = await openLeadThread({ ...detailOf(ANN, null), thread: [BOOKING] });

  const booking = within(thread).getByRole('article', { name: 'Their answer' });
  expect(within(booking).getByRole('banner')).toHaveTextContent(
    `From ${ANN.email} through the site`,
  );
  expect(within(booking).getByRole('banner')).not.toHaveTextContent(/\bto\b/);
});
