import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../testing/mock-studio-api';
import { mockSiteApi } from '../testing/mock-site-api';
import { renderStudio } from '../testing/render-studio';

/**
 * Unsaved means not saved yet: the draft saving by itself a few seconds after typing (its own
 * tests) would otherwise race these on a slow machine, where a click can come later than that.
 */
vi.mock('./use-autosave', () => ({ useAutosave: () => undefined }));

describe('the site editor’s unsaved edits', () => {
  it('are saved before the preview opens in a new tab', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const api = mockSiteApi();
    const { user } = renderStudio('/studio/site');
    await user.click(await screen.findByRole('button', { name: 'Preview' }));
    expect(open).toHaveBeenCalledWith('/studio/preview', '_blank', 'noopener');
    expect(api.callsTo('PUT site/draft')).toHaveLength(0);

    const hero = screen.getByRole('group', { name: 'Hero' });
    await user.type(within(hero).getByLabelText('Eyebrow'), '!');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(/^Saved \d/);
    expect(api.callsTo('PUT site/draft')).toHaveLength(1);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('are not left for another studio screen unless the person says so', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    mockSiteApi();
    const { user } = renderStudio('/studio/site');
    const hero = await screen.findByRole('group', { name: 'Hero' });
    await user.type(within(hero).getByLabelText('Eyebrow'), '!');

    await user.click(screen.getByRole('link', { name: 'Inbox' }));
    expect(confirm).toHaveBeenCalledWith(
      'The site has unsaved changes. Leave without saving them?',
    );
    expect(window.location.pathname).toBe('/studio/site');
    expect(within(hero).getByLabelText('Eyebrow')).toHaveValue('Design studio!');

    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('link', { name: 'Inbox' }));
    expect(window.location.pathname).toBe('/studio');
  });

  it('are not left by the browser’s back button unless the person says so', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    mockSiteApi({ 'GET leads': () => json(200, { items: [], nextCursor: null }) });
    const { user } = renderStudio('/studio');
    await user.click(await screen.findByRole('link', { name: 'Site' }));
    const hero = await screen.findByRole('group', { name: 'Hero' });
    await user.type(within(hero).getByLabelText('Eyebrow'), '!');

    window.history.back();
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(
      'The site has unsaved changes. Leave without saving them?',
    );
    await waitFor(() => expect(window.location.pathname).toBe('/studio/site'));
    expect(within(hero).getByLabelText('Eyebrow')).toHaveValue('Design studio!');

    confirm.mockReturnValue(true);
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/studio'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  });
});
