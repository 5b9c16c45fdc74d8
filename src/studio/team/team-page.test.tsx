import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '../../../common/staff';
import { json, ME, mockStudioApi, noContent, refusal } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const TEAM: TeamMember[] = [
  { email: 'kit@emberandink.example', name: 'Kit Marlowe', role: 'member' },
  { email: 'mara@emberandink.example', name: 'Mara Quinn', role: 'owner' },
];
const KIT = 'staff/kit%40emberandink.example';
const MARA = 'staff/mara%40emberandink.example';

describe('the team page', () => {
  it('is in the studio’s navigation, from any page', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET staff': () => json(200, { items: TEAM }),
      'GET settings': () =>
        json(200, {
          acknowledgement: { enabled: false, subject: '', text: '' },
          locale: 'en-GB',
          currency: 'GBP',
        }),
    });
    const { user } = renderStudio('/studio?view=settings');

    const nav = await screen.findByRole('navigation', { name: 'Studio' });
    await user.click(within(nav).getByRole('link', { name: 'Team' }));
    expect(await screen.findByRole('list', { name: 'Team' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  });

  it('lets an owner invite someone and shows the link to copy', async () => {
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET staff': () => json(200, { items: TEAM }),
      'POST staff': () =>
        json(201, {
          email: 'ola@emberandink.example',
          link: 'https://emberandink.example/studio/welcome#token=abc',
        }),
    });
    const { user } = renderStudio('/studio?view=team');

    await screen.findByText('Kit Marlowe');
    const invite = screen.getByRole('region', { name: 'Invite someone' });
    await user.type(within(invite).getByLabelText('Name'), 'Ola Berg');
    await user.type(within(invite).getByLabelText('Email address'), 'ola@emberandink.example');
    await user.click(within(invite).getByRole('button', { name: 'Invite' }));

    expect(await screen.findByText(/Ola Berg is invited/)).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Copy the link' })).toHaveValue(
      'https://emberandink.example/studio/welcome#token=abc',
    );
    expect(api.callsTo('POST staff')[0]?.body).toEqual({
      name: 'Ola Berg',
      email: 'ola@emberandink.example',
      role: 'member',
    });
    expect(await screen.findByText('Ola Berg')).toBeVisible();
  });

  it('renames, changes a role and removes only after asking', async () => {
    let kit: TeamMember = { email: 'kit@emberandink.example', name: 'Kit Marlowe', role: 'member' };
    const api = mockStudioApi({
      'GET me': () => json(200, ME),
      'GET staff': () => json(200, { items: TEAM }),
      [`PATCH ${KIT}`]: (call) => json(200, (kit = { ...kit, ...(call.body as object) })),
      [`DELETE ${KIT}`]: () => noContent(),
    });
    const { user } = renderStudio('/studio?view=team');

    await user.click(await screen.findByRole('button', { name: 'New name for Kit Marlowe' }));
    const field = screen.getByRole('textbox', { name: 'New name for Kit Marlowe' });
    await user.clear(field);
    await user.type(field, 'Kit M.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Renamed to Kit M..')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('Role of Kit M.'), 'owner');
    expect(await screen.findByText('Kit M. is now an owner.')).toBeVisible();
    expect(api.callsTo(`PATCH ${KIT}`).map((call) => call.body)).toEqual([
      { name: 'Kit M.' },
      { role: 'owner' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove Kit M. from the team' }));
    expect(api.callsTo(`DELETE ${KIT}`)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Kit M. is no longer on the team.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(/kit@emberandink/)).not.toBeInTheDocument());
  });

  it('says why the last owner stays an owner', async () => {
    mockStudioApi({
      'GET me': () => json(200, ME),
      'GET staff': () => json(200, { items: TEAM }),
      [`PATCH ${MARA}`]: () => refusal(409, 'last_owner'),
    });
    const { user } = renderStudio('/studio?view=team');

    await user.selectOptions(await screen.findByLabelText('Role of Mara Quinn'), 'member');
    expect(
      await screen.findByText(
        'The studio needs at least one owner: make someone else an owner first.',
      ),
    ).toBeVisible();
  });

  it('shows a member who is on the team, with nothing to change', async () => {
    mockStudioApi({
      'GET me': () => json(200, { ...ME, staff: { ...ME.staff, role: 'member' } }),
      'GET staff': () => json(200, { items: TEAM }),
    });
    renderStudio('/studio?view=team');

    const team = await screen.findByRole('list', { name: 'Team' });
    expect(await within(team).findByText('Kit Marlowe')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    expect(within(team).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Invite someone' })).not.toBeInTheDocument();
  });
});
