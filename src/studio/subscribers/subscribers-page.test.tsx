import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Subscriber } from '../api/types';
import { json, ME, mockStudioApi, noContent } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const SUBSCRIBERS: Subscriber[] = [
  { id: 's-1', email: 'ivy@example.com', createdAt: '2026-11-01T09:00:00.000Z' },
  { id: 's-2', email: 'jo@example.com', createdAt: '2026-11-02T09:00:00.000Z' },
];

function subscribersApi() {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET subscribers': () => json(200, { items: SUBSCRIBERS }),
    'DELETE subscribers/s-1': () => noContent(),
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

    expect(await screen.findByText('ivy@example.com was removed.')).toHaveFocus();
    expect(api.callsTo('DELETE subscribers/s-1')).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: 'Remove ivy@example.com' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('1 subscriber')).toBeVisible();
  });
});
