import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StudioSettings } from '../../../common/studio-settings';
import type { Me } from '../api/types';
import { expectFocused } from '../testing/expect-focused';
import { json, ME, mockStudioApi, refusal } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const SETTINGS: StudioSettings = {
  acknowledgement: {
    enabled: false,
    subject: 'Your enquiry to Ember & Ink',
    text: 'Dear {firstName},\n\nThank you for writing.',
  },
  locale: 'en-US',
  currency: 'USD',
};

const MEMBER: Me = { ...ME, staff: { ...ME.staff, role: 'member' } };

function openSettings(put: Parameters<typeof mockStudioApi>[0][string], me: Me = ME) {
  const api = mockStudioApi({
    'GET me': () => json(200, me),
    'GET settings': () => json(200, SETTINGS),
    'PUT settings': put,
  });
  return { api, ...renderStudio('/studio?view=settings') };
}

describe('the settings page', () => {
  it('switches the acknowledgement on and sets the locale and currency', async () => {
    const { api, user } = openSettings(({ body }) => json(200, body));
    const enabled = await screen.findByRole('checkbox', { name: 'Send an acknowledgement' });
    expect(enabled).not.toBeChecked();
    await user.click(enabled);
    const subject = screen.getByLabelText('Subject');
    await user.clear(subject);
    await user.type(subject, 'We have your enquiry');
    const locale = screen.getByRole('combobox', { name: 'Language and region' });
    expect(locale).toHaveDisplayValue('American English');
    // Each language by its own name; what is kept is its tag.
    expect(screen.getByRole('option', { name: 'Deutsch (Deutschland)' })).toHaveValue('de-DE');
    await user.selectOptions(locale, 'British English');
    const currency = screen.getByLabelText('Currency');
    await user.clear(currency);
    await user.type(currency, 'gbp');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await expectFocused(screen.findByText('Settings saved.'));
    expect(api.callsTo('PUT settings')[0]?.body).toEqual({
      acknowledgement: {
        ...SETTINGS.acknowledgement,
        enabled: true,
        subject: 'We have your enquiry',
      },
      locale: 'en-GB',
      currency: 'GBP',
    });
  });

  it('shows each refused field beside it and says nothing was saved', async () => {
    const { user } = openSettings(() =>
      json(422, {
        success: false,
        error: 'invalid_settings',
        fieldErrors: { locale: 'Use a language tag such as en-GB or de-DE.' },
      }),
    );
    const locale = await screen.findByRole('combobox', { name: 'Language and region' });
    await user.selectOptions(locale, 'Français (France)');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    await expectFocused(screen.findByText(/Nothing was saved: correct the fields/));
    expect(locale).toHaveAttribute('aria-invalid', 'true');
    expect(locale).toHaveAccessibleDescription(
      expect.stringContaining('Use a language tag such as en-GB or de-DE.'),
    );
    expect(screen.getByLabelText('Currency')).not.toHaveAttribute('aria-invalid');
  });

  it('keeps a language the list does not hold, by its own name', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET settings': () => json(200, { ...SETTINGS, locale: 'es-AR' }),
    });
    renderStudio('/studio?view=settings');
    const locale = await screen.findByRole('combobox', { name: 'Language and region' });
    expect(locale).toHaveValue('es-AR');
    expect(locale).toHaveDisplayValue('Español (Argentina)');
  });

  it('tells a member that only owners change the settings', async () => {
    const { user } = openSettings(() => refusal(403, 'forbidden'));
    await user.click(await screen.findByRole('button', { name: 'Save settings' }));
    await expectFocused(screen.findByText(/Only the studio’s owners can change the settings/));
  });

  it('shows a member the settings as they are, with no Save to be refused by', async () => {
    openSettings(({ body }) => json(200, body), MEMBER);
    expect(await screen.findByText(/Only an owner can change the settings/)).toBeVisible();
    expect(screen.getByLabelText('Subject')).toHaveValue('Your enquiry to Ember & Ink');
    expect(screen.getByLabelText('Subject')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Send an acknowledgement' })).toBeDisabled();
    expect(screen.getByLabelText('Currency')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });
});
