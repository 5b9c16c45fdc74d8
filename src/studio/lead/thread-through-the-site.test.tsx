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
  isThroughTheSite: true,
  isVerified: false,
});

/** Someone wrote Ann's address into the contact form: it joined her lead as well. */
const FORM_MESSAGE = threadMessage({
  id: 'e-3',
  to: '',
  at: '2026-11-23T13:00:00.000Z',
  subject: 'Logo & Brand Identity',
  text: 'Please send the files to files@elsewhere.example.',
  isThroughTheSite: true,
  isVerified: false,
});

const FORGED_EMAIL = threadMessage({
  id: 'm-4',
  at: '2026-11-23T14:00:00.000Z',
  text: 'Pay to this account.',
  isVerified: false,
});

it('says a booking or an enquiry that joined the lead came through the site, never “to” no one', async () => {
  const thread = await openLeadThread({ ...detailOf(ANN, null), thread: [BOOKING] });

  const booking = within(thread).getByRole('article', {
    name: 'Sent through the website, address not confirmed',
  });
  expect(within(booking).getByRole('banner')).toHaveTextContent(
    `From ${ANN.email} through the site`,
  );
  expect(within(booking).getByRole('banner')).not.toHaveTextContent(/\bto\b/);
});

it('labels a form message as unconfirmed in words, apart from a forged email and the client’s own answers', async () => {
  const thread = await openLeadThread({
    ...detailOf(ANN, null),
    thread: [threadMessage({ id: 'm-1', text: 'Tuesday works.' }), FORM_MESSAGE, FORGED_EMAIL],
  });

  const form = within(thread).getByRole('article', {
    name: 'Sent through the website, address not confirmed',
  });
  expect(within(form).getByText('Address not confirmed')).toBeVisible();
  expect(form).toHaveTextContent(
    `Sent through the website's form: anyone can type ${ANN.email} there, and nothing confirmed it is theirs.`,
  );
  expect(form).toHaveTextContent('Please send the files to files@elsewhere.example.');
  expect(within(form).queryByText('Unverified sender')).not.toBeInTheDocument();

  const forged = within(thread).getByRole('article', { name: 'Answer from an unverified sender' });
  const real = within(thread).getByRole('article', { name: 'Their answer' });
  expect(within(forged).queryByText('Address not confirmed')).not.toBeInTheDocument();
  expect(within(real).queryByText('Address not confirmed')).not.toBeInTheDocument();
  const frames = new Set([form, forged, real].map((article) => article.closest('li')?.className));
  expect(frames.size).toBe(3);
});
