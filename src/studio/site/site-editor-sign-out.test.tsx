import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, ME, noContent, refusal } from '../testing/mock-studio-api';
import { mockSiteApi } from '../testing/mock-site-api';
import { renderStudio } from '../testing/render-studio';
import { readKeptEdits } from './kept-edits';

/** The site editor's API with a session that ends when the person signs out or it expires. */
function siteApiWithSession() {
  let isSignedIn = true;
  const whileSignedIn = (answer: () => Response) => () =>
    isSignedIn ? answer() : refusal(401, 'unauthenticated');
  mockSiteApi({
    'GET me': whileSignedIn(() => json(200, ME)),
    'GET sessions': whileSignedIn(() => json(200, { items: [] })),
    'GET passkeys': whileSignedIn(() => json(200, { items: [] })),
    'DELETE session': () => {
      isSignedIn = false;
      return noContent();
    },
  });
  return {
    expire: () => {
      isSignedIn = false;
    },
  };
}

/** Types an edit the editor keeps in the tab, then leaves it unsaved for the account page. */
async function leaveAnUnsavedEdit(beforeLeaving: () => void = () => {}) {
  vi.stubGlobal(
    'confirm',
    vi.fn(() => true),
  );
  const { user } = renderStudio('/studio/site');
  const hero = await screen.findByRole('group', { name: 'Hero' });
  await user.type(within(hero).getByLabelText('Tagline'), ' Unsaved.');
  await waitFor(() =>
    expect(readKeptEdits(ME.staff.email)?.content.hero.tagline).toMatch(/ Unsaved\.$/),
  );
  beforeLeaving();
  await user.click(screen.getByRole('link', { name: 'Account' }));
  return user;
}

describe('the tab’s copy of unsaved site edits', () => {
  it('leaves the tab with the person who signs out', async () => {
    siteApiWithSession();
    const user = await leaveAnUnsavedEdit();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(
      await screen.findByRole('heading', { name: 'Sign in to the studio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are signed out.');
    expect(readKeptEdits(ME.staff.email)).toBeNull();
    expect(window.sessionStorage).toHaveLength(0);
  });

  it('stays when the session ends by itself, to be offered back after signing in again', async () => {
    const session = siteApiWithSession();
    await leaveAnUnsavedEdit(session.expire);

    expect(
      await screen.findByRole('heading', { name: 'Sign in to the studio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended.');
    expect(readKeptEdits(ME.staff.email)?.content.hero.tagline).toMatch(/ Unsaved\.$/);
  });
});
