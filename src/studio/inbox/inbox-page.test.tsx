import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Enquiry } from '../api/types';
import { COUNTS, ENQUIRIES, FIRST_PAGE, json, ME, mockStudioApi } from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

const OLDER: Enquiry[] = [
  {
    id: 'e-0',
    name: 'Dev Rao',
    email: 'dev@example.com',
    service: 'Other / Not Sure — Help Me Choose',
    message: 'Not sure yet.',
    status: 'new',
    receivedAt: '2026-11-19T08:05:00.000Z',
  },
];

function inboxApi() {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET leads': ({ query }) =>
      query.get('cursor') === 'c-2'
        ? json(200, { items: OLDER, nextCursor: null, counts: COUNTS })
        : json(200, { ...FIRST_PAGE, nextCursor: 'c-2' }),
  });
}

describe('the inbox', () => {
  it('lists the enquiries in the order the server gives, newest first, unread marked in words', async () => {
    inboxApi();
    renderStudio();
    await expectFocused(screen.findByRole('heading', { level: 1, name: 'Enquiries' }));

    const unread = await screen.findByRole('link', { name: 'Unread Ann Lee' });
    expect(unread.closest('h2')).toHaveClass('font-bold');
    expect(screen.getByRole('link', { name: 'Bo Chen' }).closest('h2')).not.toHaveClass(
      'font-bold',
    );
    const names = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(['Unread Ann Lee', 'Bo Chen', 'Cleo Park']);
    expect(screen.getByText('3 enquiries shown, more below.')).toHaveRole('status');
  });

  it('shows the count of every folder; the inbox is everything but archived and spam', async () => {
    inboxApi();
    renderStudio();
    const folders = await screen.findByRole('navigation', { name: 'Folders' });
    const link = (name: RegExp) => within(folders).getByRole('link', { name });

    expect(await within(folders).findByRole('link', { name: 'Inbox 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(link(/^Unread 1$/)).toHaveAttribute('href', '/studio?status=new');
    // Read is not a folder, nor replied a status: the stage says where a lead stands (0075).
    expect(within(folders).queryByRole('link', { name: /^(Read|Replied)/ })).toBeNull();
    expect(link(/^Archived 3$/)).toBeInTheDocument();
    expect(link(/^Spam 4$/)).toHaveAttribute('href', '/studio?status=spam');
  });

  it('searches and filters by service with one button, keeping the words out of the address, and exports that view', async () => {
    const api = inboxApi();
    const { user } = renderStudio('/studio?status=new');
    await screen.findByRole('link', { name: 'Unread Ann Lee' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bakery & co');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'Brand Strategy');
    expect(api.callsTo('GET leads')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByRole('link', { name: 'Clear filters' });
    const last = api.callsTo('GET leads').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      status: 'new',
      service: 'Brand Strategy',
      q: 'bakery & co',
    });
    expect(window.location.href).toBe(
      `${window.location.origin}/studio?status=new&service=Brand+Strategy`,
    );
    expect(window.history.state).toEqual({ q: 'bakery & co' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('bakery & co');
    expect(screen.getByRole('link', { name: 'Export this view as CSV' })).toHaveAttribute(
      'href',
      '/api/studio/export?format=csv&status=new&service=Brand+Strategy&q=bakery+%26+co',
    );
    expect(screen.getByRole('link', { name: 'Export this view as JSON' })).toHaveAttribute(
      'href',
      '/api/studio/export?format=json&status=new&service=Brand+Strategy&q=bakery+%26+co',
    );
  });

  it('keeps the search when another folder is chosen', async () => {
    const api = inboxApi();
    const { user } = renderStudio('/studio?q=ann');
    await user.click(await screen.findByRole('link', { name: /^Spam/ }));

    await screen.findByRole('link', { name: /^Spam 4$/, current: 'page' });
    expect(Object.fromEntries(api.callsTo('GET leads').at(-1)?.query ?? [])).toEqual({
      status: 'spam',
      q: 'ann',
    });
    expect(window.location.search).toBe('?status=spam');
  });

  it('moves search words out of an old address, and finds them again on the way back', async () => {
    const api = inboxApi();
    const { user } = renderStudio('/studio?status=new&q=ann');
    expect(window.location.search).toBe('?status=new');
    await user.click(await screen.findByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue(''));

    window.history.back();
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann'),
    );
    await waitFor(() =>
      expect(Object.fromEntries(api.callsTo('GET leads').at(-1)?.query ?? [])).toEqual({
        status: 'new',
        q: 'ann',
      }),
    );
    expect(window.location.search).toBe('?status=new');
  });

  it('loads the next page through the cursor and moves focus to the first new card', async () => {
    const api = inboxApi();
    const { user } = renderStudio();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    const older = await screen.findByRole('link', { name: 'Unread Dev Rao' });
    await expectFocused(older);
    expect(api.callsTo('GET leads').at(-1)?.query.get('cursor')).toBe('c-2');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(ENQUIRIES.length + 1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('4 enquiries shown.')).toHaveRole('status');
  });

  it('folds the filters behind one button on a phone, saying in a line which are on', async () => {
    inboxApi();
    const { user } = renderStudio('/studio?stage=contacted&q=ann');
    const filters = await screen.findByRole('button', { name: 'Filters' });
    expect(screen.getByText('Filtered by “ann”, Contacted.')).toBeInTheDocument();
    const form = screen.getByRole('search');
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(filters).toHaveAttribute('aria-controls', form.id);
    expect(form).toHaveClass('hidden');

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    expect(form).not.toHaveClass('hidden');
  });

  it('says so when nothing matches', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET leads': () => json(200, { items: [], nextCursor: null, counts: COUNTS }),
    });
    renderStudio('/studio?q=nobody');

    expect(await screen.findByText('No enquiries match these filters.')).toHaveRole('status');
  });
});
