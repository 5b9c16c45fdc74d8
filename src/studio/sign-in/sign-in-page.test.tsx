import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAGE,
  json,
  ME,
  mockStudioApi,
  noContent,
  refusal,
} from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(() =>
    Promise.resolve({ id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} }),
  ),
}));

/** GET me answers 401 until a sign-in succeeds, as the server does. */
function signedOutApi(signInAnswer: () => Response) {
  let isSignedIn = false;
  return mockStudioApi({
    'GET me': () => (isSignedIn ? json(200, ME) : refusal(401, 'unauthenticated')),
    'POST session': () => {
      const answer = signInAnswer();
      isSignedIn = answer.ok;
      return answer;
    },
    'GET leads': () => json(200, FIRST_PAGE),
    'POST passkeys/authentication/options': () =>
      json(200, { challenge: 'abc', allowCredentials: [], rpId: 'localhost' }),
    'POST passkeys/authentication': () => {
      isSignedIn = true;
      return json(200, { success: true, staff: ME.staff });
    },
    'DELETE session': () => {
      isSignedIn = false;
      return noContent();
    },
  });
}

async function fillIn(
  user: ReturnType<typeof renderStudio>['user'],
  password = 'correct horse battery',
) {
  await user.type(await screen.findByLabelText('Email'), 'mara@emberandink.example');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('signing in', () => {
  it('shows the sign-in form to a visitor without a session', async () => {
    signedOutApi(() => refusal(401, 'invalid_credentials'));
    renderStudio();
    await expectFocused(screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' }));
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled();
    expect(document.title).toBe('Sign in · Studio · Ember & Ink');
  });

  it('sends the email and password as JSON, then opens the inbox', async () => {
    const api = signedOutApi(() => json(200, { success: true, staff: ME.staff }));
    const { user } = renderStudio();
    await fillIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
    expect(api.callsTo('POST session')).toEqual([
      expect.objectContaining({
        body: { email: 'mara@emberandink.example', password: 'correct horse battery' },
      }),
    ]);
    expect(api.urls().every((url) => !url.includes('correct'))).toBe(true);
  });

  it('says in words that the email and password do not match', async () => {
    signedOutApi(() => refusal(401, 'invalid_credentials'));
    const { user } = renderStudio();
    await fillIn(user, 'wrong password');

    // The alert line is always on the page, empty: the words arrive with the server's answer.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'That email and password do not match a studio account.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Enquiries' })).not.toBeInTheDocument();
  });

  it('says when to try again after too many attempts', async () => {
    signedOutApi(() => refusal(429, 'rate_limited', { 'Retry-After': '300' }));
    const { user } = renderStudio();
    await fillIn(user);

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many attempts. Try again in 5 minutes.',
      ),
    );
  });

  it('asks for both fields before sending anything', async () => {
    const api = signedOutApi(() => json(200, { success: true, staff: ME.staff }));
    const { user } = renderStudio();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Enter your email and your password.');
    expect(api.callsTo('POST session')).toHaveLength(0);
  });

  it('signs in with a passkey alone', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const api = signedOutApi(() => refusal(401, 'invalid_credentials'));
    const { user } = renderStudio();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
    expect(api.callsTo('POST passkeys/authentication')[0]?.body).toEqual({
      response: { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} },
    });
  });

  it('says so when the browser has no passkeys', async () => {
    signedOutApi(() => refusal(401, 'invalid_credentials'));
    const { user } = renderStudio();
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));

    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This browser cannot use passkeys.'),
    );
  });

  it('signs out from the account page and shows the sign-in form again', async () => {
    const api = signedOutApi(() => json(200, { success: true, staff: ME.staff }));
    const { user } = renderStudio();
    await fillIn(user);
    await user.click(await screen.findByRole('link', { name: 'Account' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(api.callsTo('DELETE session')).toHaveLength(1));
    expect(
      await screen.findByRole('heading', { name: 'Sign in to the studio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You are signed out.');
    expect(window.location.search).toBe('');
  });
});
