import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Passkey, StaffSession } from '../api/types';
import { json, ME, mockStudioApi, noContent, refusal } from '../testing/mock-studio-api';
import { expectFocused } from '../testing/expect-focused';
import { renderStudio } from '../testing/render-studio';

vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(() =>
    Promise.resolve({ id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {} }),
  ),
}));

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const SESSIONS: StaffSession[] = [
  {
    id: 'x-1',
    createdAt: '2026-11-23T08:00:00Z',
    lastSeenAt: '2026-11-23T12:00:00Z',
    userAgent: CHROME,
    isCurrent: true,
  },
  {
    id: 'x-2',
    createdAt: '2026-11-20T08:00:00Z',
    lastSeenAt: '2026-11-21T18:00:00Z',
    userAgent: FIREFOX,
    isCurrent: false,
  },
];

const ADDED: Passkey = {
  id: 'p-2',
  name: 'Work laptop',
  createdAt: '2026-11-23T12:01:00Z',
  lastUsedAt: null,
};

function accountApi() {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET sessions': () => json(200, { items: SESSIONS }),
    'DELETE sessions/x-2': () => noContent(),
    'GET passkeys': () => json(200, { items: [] }),
    'POST passkeys/registration/options': () =>
      json(200, { challenge: 'c', rp: { name: 'Ember & Ink' } }),
    'POST passkeys/registration': () => json(201, ADDED),
  });
}

describe('the account page', () => {
  it('marks this device and signs out another session', async () => {
    const api = accountApi();
    const { user } = renderStudio('/studio?view=account');

    expect(await screen.findByText('Signed in as mara@emberandink.example.')).toBeVisible();
    const sessions = await screen.findByRole('region', { name: 'Where you are signed in' });
    // The region is drawn before the sessions arrive: wait for the rows, not the heading.
    expect(await within(sessions).findByText('Chrome on Linux')).toHaveTextContent('This device');
    const end = within(sessions).getByRole('button', {
      name: /^Sign out the session on Firefox on Windows/,
    });
    expect(within(sessions).getAllByRole('button')).toEqual([end]);

    await user.click(end);
    await expectFocused(screen.findByText('That session is signed out.'));
    expect(api.callsTo('DELETE sessions/x-2')).toHaveLength(1);
    await waitFor(() =>
      expect(within(sessions).queryByText('Firefox on Windows')).not.toBeInTheDocument(),
    );
  });

  it('adds a passkey with this device under the name given', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    const api = accountApi();
    const { user } = renderStudio('/studio?view=account');
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' });
    expect(await within(passkeys).findByText('No passkeys yet.')).toBeVisible();

    await user.type(within(passkeys).getByLabelText('Passkey name (optional)'), 'Work laptop');
    await user.click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));

    expect(await within(passkeys).findByText('Passkey “Work laptop” added.')).toBeVisible();
    expect(
      within(passkeys).getByRole('button', { name: 'Remove passkey Work laptop' }),
    ).toBeVisible();
    expect(api.callsTo('POST passkeys/registration')[0]?.body).toEqual({
      response: { id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {} },
      name: 'Work laptop',
    });
  });

  it('asks for the password when the session is not fresh, then adds the passkey', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    let isProven = false;
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET sessions': () => json(200, { items: SESSIONS }),
      'GET passkeys': () => json(200, { items: [] }),
      'POST session/reauthentication': ({ body }) => {
        isProven = (body as { password: string }).password === 'the real password';
        return isProven ? json(200, { success: true }) : refusal(403, 'invalid_credentials');
      },
      'POST passkeys/registration/options': () =>
        isProven
          ? json(200, { challenge: 'c', rp: { name: 'Ember & Ink' } })
          : refusal(403, 'reauthentication_required'),
      'POST passkeys/registration': () => json(201, ADDED),
    });
    const { user } = renderStudio('/studio?view=account');
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' });
    await within(passkeys).findByText('No passkeys yet.');

    await user.type(within(passkeys).getByLabelText('Passkey name (optional)'), 'Work laptop');
    await user.click(within(passkeys).getByRole('button', { name: 'Add a passkey' }));
    const prompt = await within(passkeys).findByRole('form', { name: 'Confirm it is you' });
    const password = await expectFocused(within(prompt).findByLabelText('Password'));
    expect(api.callsTo('POST passkeys/registration')).toHaveLength(0);

    await user.type(password, 'a wrong guess');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm and add the passkey' }));
    expect(await within(prompt).findByText('That is not your password. Try again.')).toBeVisible();

    await user.clear(password);
    await user.type(password, 'the real password');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm and add the passkey' }));
    expect(await within(passkeys).findByText('Passkey “Work laptop” added.')).toBeVisible();
    expect(within(passkeys).queryByRole('form', { name: 'Confirm it is you' })).toBeNull();
    expect(api.callsTo('POST passkeys/registration')[0]?.body).toMatchObject({
      name: 'Work laptop',
    });
  });
});
