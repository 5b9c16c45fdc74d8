import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takeWelcomeToken } from '../lib/read-welcome-token';
import { FIRST_PAGE, json, ME, mockStudioApi, refusal } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const TOKEN = 'wT0k3n-9f8e7d6c5b4a';

function welcomeApi(answer: () => Response) {
  return mockStudioApi({
    'POST welcome': answer,
    'GET me': () => json(200, ME),
    'GET leads': () => json(200, FIRST_PAGE),
  });
}

describe('the welcome link', () => {
  it('takes the token from the fragment and wipes it from the address bar', () => {
    window.history.replaceState(null, '', `/studio/welcome#token=${TOKEN}`);
    expect(takeWelcomeToken()).toBe(TOKEN);
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain(TOKEN);
    expect(window.location.pathname).toBe('/studio/welcome');
  });

  it('has no token when the fragment has none', () => {
    window.history.replaceState(null, '', '/studio/welcome');
    expect(takeWelcomeToken()).toBeNull();
  });

  it('says the rule up front, then sets the password with the token in the body only', async () => {
    const api = welcomeApi(() => json(200, { success: true, staff: ME.staff }));
    const { user } = renderStudio('/studio/welcome', TOKEN);
    const field = await screen.findByLabelText('New password');
    expect(field).toHaveAccessibleDescription(/At least 12 characters/);

    await user.type(field, 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enquiries' })).toBeInTheDocument();
    expect(api.callsTo('POST welcome')).toEqual([
      expect.objectContaining({ body: { token: TOKEN, password: 'a long enough passphrase' } }),
    ]);
    expect(api.urls().some((url) => url.includes(TOKEN))).toBe(false);
    expect(window.location.pathname).toBe('/studio');
  });

  it('refuses a short password before asking the server', async () => {
    const api = welcomeApi(() => json(200, { success: true, staff: ME.staff }));
    const { user } = renderStudio('/studio/welcome', TOKEN);
    const field = await screen.findByLabelText('New password');
    await user.type(field, 'short one');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(field).toHaveAccessibleDescription(/The password needs at least 12 characters\./);
    expect(field).toHaveFocus();
    expect(field).toBeInvalid();
    expect(api.calls).toHaveLength(0);
  });

  it('says a used or expired link is no good, in words', async () => {
    welcomeApi(() => refusal(400, 'invalid_token'));
    const { user } = renderStudio('/studio/welcome', TOKEN);
    await user.type(await screen.findByLabelText('New password'), 'a long enough passphrase');
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText(/This link has expired or was already used/)).toBeVisible();
    expect(window.location.pathname).toBe('/studio/welcome');
  });

  it('explains a link without its token instead of showing a form', async () => {
    welcomeApi(() => json(200, { success: true, staff: ME.staff }));
    renderStudio('/studio/welcome', null);

    expect(await screen.findByRole('alert')).toHaveTextContent(/has no token/);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/studio');
  });
});
