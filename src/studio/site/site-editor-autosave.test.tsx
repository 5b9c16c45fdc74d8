import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, refusal } from '../testing/mock-studio-api';
import { mockSiteApi, sentContent } from '../testing/mock-site-api';
import { renderStudio } from '../testing/render-studio';
import { createSiteContent, DRAFT } from '../testing/site-content-fixture';
import { AUTOSAVE_DELAY_MS } from './use-autosave';

/**
 * The test owns the clock: it moves on by itself, as a page's does, and the autosave's wait is
 * passed at once with `waitOutTheAutosave` rather than sat through.
 */
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The few seconds after the last keystroke, after which the draft saves by itself. */
const waitOutTheAutosave = () => act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS));

async function openTagline() {
  const { user, unmount } = renderStudio('/studio/site');
  const hero = await screen.findByRole('group', { name: 'Hero' });
  return { user, unmount, tagline: within(hero).getByLabelText('Tagline') };
}

describe('the site editor saving by itself', () => {
  it('saves the draft a few seconds after typing stops, on the revision it loaded', async () => {
    const api = mockSiteApi();
    const { user, tagline } = await openTagline();
    await user.clear(tagline);
    await user.type(tagline, 'Brands that burn bright.');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    expect(api.callsTo('PUT site/draft')).toHaveLength(0);

    await waitOutTheAutosave();
    expect(await screen.findByText(/^Saved \d{1,2}[:.]\d{2}/)).toBeVisible();
    const [put] = api.callsTo('PUT site/draft');
    expect(put?.headers.get('If-Match')).toBe('"rev-1"');
    expect(sentContent(put)?.hero.tagline).toBe('Brands that burn bright.');
    // Saving by itself never takes the person out of the field they are in.
    expect(tagline).toHaveFocus();
    expect(api.callsTo('PUT site/draft')).toHaveLength(1);
  });

  it('never overwrites a colleague’s save: the conflict view decides', async () => {
    const theirs = createSiteContent();
    theirs.hero.tagline = 'Their tagline.';
    mockSiteApi({
      'PUT site/draft': () =>
        json(412, {
          success: false,
          error: 'revision_conflict',
          current: { content: theirs, revision: 'rev-7' },
        }),
    });
    const { user, tagline } = await openTagline();
    await user.clear(tagline);
    await user.type(tagline, 'My tagline.');
    await waitOutTheAutosave();
    expect(
      await screen.findByRole('heading', { name: 'Someone else saved the draft meanwhile' }),
    ).toBeVisible();
    const choice = screen.getByRole('group', { name: 'Hero › Tagline' });
    expect(within(choice).getByText('My tagline.')).toBeVisible();
    expect(within(choice).getByText('Their tagline.')).toBeVisible();
  });

  it('says why a save failed, and tries again after the next edit', async () => {
    let puts = 0;
    const api = mockSiteApi({
      'PUT site/draft': (call) => {
        puts += 1;
        return puts === 1
          ? refusal(503, 'unavailable')
          : json(200, { content: sentContent(call), revision: 'rev-2' });
      },
    });
    const { user, tagline } = await openTagline();
    await user.type(tagline, '!');
    await waitOutTheAutosave();
    expect(await screen.findByText(/^Not saved: /)).toBeVisible();
    await user.type(tagline, '!');
    await waitOutTheAutosave();
    expect(await screen.findByText(/^Saved \d/)).toBeVisible();
    expect(sentContent(api.callsTo('PUT site/draft')[1])?.hero.tagline).toBe(
      `${DRAFT.content.hero.tagline}!!`,
    );
  });
});

describe('the site editor’s copy of unsaved edits', () => {
  it('offers the edits back after the tab closed before they were saved, and saves them', async () => {
    const api = mockSiteApi();
    const first = await openTagline();
    await first.user.clear(first.tagline);
    await first.user.type(first.tagline, 'Typed just before the crash.');
    first.unmount();

    const { user, tagline } = await openTagline();
    expect(tagline).toHaveValue(DRAFT.content.hero.tagline);
    const offer = screen.getByRole('region', { name: 'Unsaved edits were kept in this tab' });
    await user.click(within(offer).getByRole('button', { name: 'Bring them back' }));
    expect(tagline).toHaveValue('Typed just before the crash.');
    expect(screen.queryByRole('region', { name: /kept in this tab/ })).toBeNull();

    await waitOutTheAutosave();
    await screen.findByText(/^Saved \d/);
    const put = api.callsTo('PUT site/draft').at(-1);
    expect(put?.headers.get('If-Match')).toBe('"rev-1"');
    expect(sentContent(put)?.hero.tagline).toBe('Typed just before the crash.');
  });

  it('forgets the edits when the person discards them', async () => {
    mockSiteApi();
    const first = await openTagline();
    await first.user.type(first.tagline, '?');
    first.unmount();

    const second = await openTagline();
    await second.user.click(screen.getByRole('button', { name: 'Discard them' }));
    expect(second.tagline).toHaveValue(DRAFT.content.hero.tagline);
    second.unmount();

    await openTagline();
    expect(screen.queryByRole('region', { name: /kept in this tab/ })).toBeNull();
  });
});

describe('the site editor when the session ends', () => {
  it('asks for the password in place, keeps the form, and saves once signed in', async () => {
    let isSignedIn = false;
    const api = mockSiteApi({
      'PUT site/draft': (call) =>
        isSignedIn
          ? json(200, { content: sentContent(call), revision: 'rev-2' })
          : refusal(401, 'unauthenticated'),
      'POST session': () => {
        isSignedIn = true;
        return json(200, { success: true, staff: { email: 'mara@emberandink.example' } });
      },
    });
    const { user, tagline } = await openTagline();
    await user.clear(tagline);
    await user.type(tagline, 'Kept through the sign-in.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign in again to save' });
    expect(within(dialog).getByText(/mara@emberandink\.example/)).toBeVisible();
    expect(tagline).toHaveValue('Kept through the sign-in.');
    await user.type(within(dialog).getByLabelText('Password'), 'the right password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and save' }));

    expect(await screen.findByText('Draft saved.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST session')[0]?.body).toEqual({
      email: 'mara@emberandink.example',
      password: 'the right password',
    });
    expect(sentContent(api.callsTo('PUT site/draft').at(-1))?.hero.tagline).toBe(
      'Kept through the sign-in.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Site' })).toBeVisible();
  });
});
