import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Subscriber, SubscriberPage } from '../api/types';
import { json, ME, mockStudioApi, noContent, refusal } from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

const SUBSCRIBERS: Subscriber[] = [
  {
    id: 's-1',
    email: 'ivy@example.com',
    createdAt: '2026-11-01T09:00:00.000Z',
    status: 'confirmed',
  },
  { id: 's-2', email: 'jo@example.com', createdAt: '2026-11-02T09:00:00.000Z', status: 'held' },
];

/** The whole list on one page. */
const ONE_PAGE: SubscriberPage = {
  items: SUBSCRIBERS,
  nextCursor: null,
  counts: { held: 1, pending: 0, confirmed: 1, unsubscribed: 0, bounced: 0, complained: 0 },
};

function subscribersApi() {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET subscribers': () => json(200, ONE_PAGE),
    'DELETE subscribers/s-1': () => noContent(),
    'POST subscribers/s-2/confirmation': () => json(202, { success: true }),
  });
}

describe('newsletter subscribers', () => {
  it('lists them with export links', async () => {
    subscribersApi();
    renderStudio('/studio?view=subscribers');

    expect(await screen.findByText('2 subscribers')).toBeVisible();
    expect(screen.getByText('ivy@example.com')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Export all subscribers as CSV' })).toHaveAttribute(
      'href',
      '/api/studio/subscribers/export?format=csv',
    );
  });

  it('asks for the password when the export needs a fresh proof, then downloads', async () => {
    let isProven = false;
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET subscribers': () => json(200, ONE_PAGE),
      'GET subscribers/export': () =>
        isProven
          ? new Response('email\nivy@example.com\n', {
              status: 200,
              headers: { 'Content-Disposition': 'attachment; filename="subscribers.csv"' },
            })
          : refusal(403, 'reauthentication_required'),
      'POST session/reauthentication': () => {
        isProven = true;
        return json(200, { success: true, provenAt: '2026-11-25T12:00:00.000Z' });
      },
    });
    const saved: string[] = [];
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const { user } = renderStudio('/studio?view=subscribers');
    await user.click(await screen.findByRole('link', { name: 'Export all subscribers as CSV' }));

    const password = await expectFocused(screen.findByLabelText('Password'));
    await user.type(password, 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Confirm and download' }));
    await expect.poll(() => saved).toEqual(['subscribers.csv']);
    expect(api.callsTo('GET subscribers/export')).toHaveLength(2);
  });

  it('removes one only after the question is answered yes', async () => {
    const api = subscribersApi();
    const { user } = renderStudio('/studio?view=subscribers');
    await user.click(await screen.findByRole('button', { name: 'Remove ivy@example.com' }));

    const question = screen.getByRole('group', {
      name: /Remove ivy@example.com from the newsletter/,
    });
    expect(within(question).getByRole('button', { name: 'Yes, remove' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep' }));
    expect(screen.getByRole('button', { name: 'Remove ivy@example.com' })).toHaveFocus();
    expect(api.callsTo('DELETE subscribers/s-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove ivy@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));

    await expectFocused(screen.findByText('ivy@example.com was removed.'));
    expect(api.callsTo('DELETE subscribers/s-1')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: 'Remove ivy@example.com' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('1 subscriber')).toBeVisible();
  });

  it('shows a held sign-up as such and sends its confirmation once', async () => {
    const api = subscribersApi();
    const { user } = renderStudio('/studio?view=subscribers');
    expect(await screen.findByText(/Held as spam, not emailed/)).toBeVisible();
    expect(screen.getByText(/^Confirmed/)).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Send a confirmation email to ivy@example.com' }),
    ).not.toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: 'Send a confirmation email to jo@example.com' }),
    );

    await expectFocused(
      screen.findByText(
        'A confirmation email is on its way to jo@example.com. They join once they click its link.',
      ),
    );
    expect(api.callsTo('POST subscribers/s-2/confirmation')).toHaveLength(1);
    expect(screen.getByText(/Waiting for their click/)).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Send a confirmation email to jo@example.com' }),
    ).not.toBeInTheDocument();
  });

  it('shows the first page with the whole count, and the next one on request', async () => {
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET subscribers': (call) =>
        call.query.get('cursor') === 'page-2'
          ? json(200, {
              items: [SUBSCRIBERS[1]],
              nextCursor: null,
              counts: {
                held: 400,
                pending: 0,
                confirmed: 1,
                unsubscribed: 0,
                bounced: 0,
                complained: 0,
              },
            })
          : json(200, {
              items: [SUBSCRIBERS[0]],
              nextCursor: 'page-2',
              counts: {
                held: 400,
                pending: 0,
                confirmed: 1,
                unsubscribed: 0,
                bounced: 0,
                complained: 0,
              },
            }),
    });
    const { user } = renderStudio('/studio?view=subscribers');

    expect(await screen.findByText('401 subscribers')).toBeVisible();
    expect(screen.getByText('ivy@example.com')).toBeVisible();
    expect(screen.queryByText('jo@example.com')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('jo@example.com')).toBeVisible();
    expect(screen.getByText('2 of 401 shown, newest first.')).toBeVisible();
    await expectFocused(
      screen.getByRole('button', { name: 'Send a confirmation email to jo@example.com' }),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('GET subscribers').map((call) => call.query.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
  });

  it('says why the server refused to send one', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET subscribers': () => json(200, ONE_PAGE),
      'POST subscribers/s-2/confirmation': () => refusal(409, 'recently_emailed'),
    });
    const { user } = renderStudio('/studio?view=subscribers');
    await user.click(
      await screen.findByRole('button', { name: 'Send a confirmation email to jo@example.com' }),
    );
    expect(await screen.findByText(/emailed less than a day ago/)).toBeVisible();
  });
});
