import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, ME, mockStudioApi, refusal } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

function accountApi(passwordAnswer: () => Response) {
  return mockStudioApi({
    'GET me': () => json(200, ME),
    'GET sessions': () => json(200, { items: [] }),
    'GET passkeys': () => json(200, { items: [] }),
    'PATCH me': (call) => json(200, { ...ME.staff, ...(call.body as object) }),
    'POST me/password': passwordAnswer,
  });
}

describe('the account page’s name, signature and password', () => {
  it('saves my name and a signature of several lines', async () => {
    const api = accountApi(() => json(200, { success: true }));
    const { user } = renderStudio('/studio?view=account');

    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Mara Quinn');
    await user.clear(name);
    await user.type(name, 'Mara Q.');
    await user.type(screen.getByRole('textbox', { name: 'Signature' }), 'Mara{Enter}Ember & Ink');
    await user.click(screen.getByRole('button', { name: 'Save name and signature' }));

    expect(await screen.findByText('Your name and signature are saved.')).toBeVisible();
    expect(api.callsTo('PATCH me')[0]?.body).toEqual({
      name: 'Mara Q.',
      signature: 'Mara\nEmber & Ink',
    });
  });

  it('chooses how I hear that a client answered, straight away by default', async () => {
    const api = accountApi(() => json(200, { success: true }));
    const { user } = renderStudio('/studio?view=account');

    const choices = await screen.findByRole('group', { name: /How would you like to hear of it/ });
    expect(
      screen.getByRole('radio', { name: 'Email me a link to it straight away' }),
    ).toBeChecked();
    expect(choices).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'List it in my morning digest' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saved: you will be told as you chose.')).toBeVisible();
    expect(api.callsTo('PATCH me').map((call) => call.body)).toEqual([{ notify: 'digest' }]);
    expect(screen.getByRole('radio', { name: 'List it in my morning digest' })).toBeChecked();
  });

  it('changes the password only with the current one, and says so when it is wrong', async () => {
    let isRight = false;
    const api = accountApi(() =>
      isRight ? json(200, { success: true }) : refusal(403, 'invalid_credentials'),
    );
    const { user } = renderStudio('/studio?view=account');

    await user.type(await screen.findByLabelText('Current password'), 'not my password');
    await user.type(screen.getByLabelText('New password'), 'a much better password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('That is not your current password.')).toBeVisible();

    isRight = true;
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password is changed/)).toBeVisible();
    expect(api.callsTo('POST me/password').map((call) => call.body)).toEqual([
      { currentPassword: 'not my password', newPassword: 'a much better password' },
      { currentPassword: 'not my password', newPassword: 'a much better password' },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
