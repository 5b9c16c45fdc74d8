import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AvailabilityForm } from '../../../common/booking-availability';
import type { Me } from '../api/types';
import { expectFocused } from '../testing/expect-focused';
import { json, ME, mockStudioApi, refusal } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const OFFICE: [string, string][] = [['09:00', '17:00']];
const HOURS: AvailabilityForm = {
  weekly: { mon: OFFICE, tue: OFFICE, wed: OFFICE, thu: OFFICE, fri: OFFICE, sat: [], sun: [] },
  lengthMinutes: 30,
  bufferMinutes: 0,
  noticeHours: 24,
  horizonDays: 30,
  maxPerDay: 8,
};

const MEMBER: Me = { ...ME, staff: { ...ME.staff, role: 'member' } };

function openBookings(put: Parameters<typeof mockStudioApi>[0][string], me: Me = ME) {
  const api = mockStudioApi({
    'GET me': () => json(200, me),
    'GET booking/availability': () => json(200, HOURS),
    'GET bookings': () => json(200, { items: [] }),
    'PUT booking/availability': put,
  });
  return { api, ...renderStudio('/studio/bookings') };
}

describe('the bookings page', () => {
  it('is in the navigation and saves a split Monday, a Saturday morning and longer calls', async () => {
    const { api, user } = openBookings(({ body }) => json(200, body));
    expect(await screen.findByRole('link', { name: 'Bookings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const mondayUntil = await screen.findByLabelText('Monday Until (hours 1)');
    await user.clear(mondayUntil);
    await user.type(mondayUntil, '12:00');
    await user.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    // The new hours follow the morning's, free: the studio only moves their start.
    expect(screen.getByLabelText('Monday Until (hours 2)')).toHaveValue('14:00');
    const secondFrom = screen.getByLabelText('Monday From (hours 2)');
    await user.clear(secondFrom);
    await user.type(secondFrom, '13:00');
    const secondUntil = screen.getByLabelText('Monday Until (hours 2)');
    await user.clear(secondUntil);
    await user.type(secondUntil, '17:00');
    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    await user.click(screen.getByRole('button', { name: 'Remove Friday’s hours 1' }));
    const length = screen.getByLabelText('Length (minutes)');
    await user.clear(length);
    await user.type(length, '45');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));

    await expectFocused(screen.findByText('Hours saved.'));
    expect(api.callsTo('PUT booking/availability')[0]?.body).toEqual({
      ...HOURS,
      weekly: {
        ...HOURS.weekly,
        mon: [
          ['09:00', '12:00'],
          ['13:00', '17:00'],
        ],
        fri: [],
        sat: [['09:00', '17:00']],
      },
      lengthMinutes: 45,
    });
  });

  it('saves where calls happen beside the hours, and shows a refused link beside its field', async () => {
    let attempts = 0;
    const { api, user } = openBookings(({ body }) => {
      attempts += 1;
      return attempts === 1
        ? json(422, {
            success: false,
            error: 'invalid_availability',
            fieldErrors: { 'meeting.url': 'invalid' },
          })
        : json(200, body);
    });
    await user.click(await screen.findByRole('radio', { name: 'A video call' }));
    const link = screen.getByLabelText('Video call link (the same room for every call)');
    await user.type(link, 'meet.example.com/ember');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await expectFocused(screen.findByText(/Nothing was saved: correct the fields/));
    expect(link).toHaveAccessibleDescription(/Give a full https:\/\/ link/);

    await user.clear(link);
    await user.type(link, 'https://meet.example.com/ember');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await expectFocused(screen.findByText('Hours saved.'));
    expect(api.callsTo('PUT booking/availability')[1]?.body).toEqual({
      ...HOURS,
      meeting: { kind: 'link', url: 'https://meet.example.com/ember' },
    });
  });

  it('shows the server’s refusal beside the range and the rule it names', async () => {
    const { user } = openBookings(() =>
      json(422, {
        success: false,
        error: 'invalid_availability',
        fieldErrors: { 'weekly.tue.0': 'reversed', maxPerDay: 'out_of_range' },
      }),
    );
    const tuesdayFrom = await screen.findByLabelText('Tuesday From (hours 1)');
    await user.clear(tuesdayFrom);
    await user.type(tuesdayFrom, '18:00');
    const maxPerDay = screen.getByLabelText('At most a day');
    await user.clear(maxPerDay);
    await user.type(maxPerDay, '99');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));

    await expectFocused(screen.findByText(/Nothing was saved: correct the fields/));
    expect(tuesdayFrom).toHaveAttribute('aria-invalid', 'true');
    expect(tuesdayFrom).toHaveAccessibleDescription('The hours must end after they start.');
    expect(maxPerDay).toHaveAccessibleDescription('Choose from 1 to 48.');
    expect(screen.getByLabelText('Monday From (hours 1)')).not.toHaveAttribute('aria-invalid');
    expect(tuesdayFrom).toHaveValue('18:00');
  });

  it('tells a member that only owners change the hours', async () => {
    const { user } = openBookings(() => refusal(403, 'forbidden'));
    await user.click(await screen.findByRole('button', { name: 'Save hours' }));
    await expectFocused(screen.findByText(/Only the studio’s owners can change the hours/));
  });

  it('shows a member the hours and where calls happen as they are, with no Save, Add or Remove to be refused by', async () => {
    const { api } = openBookings(({ body }) => json(200, body), MEMBER);
    expect(
      await screen.findByText(/Only an owner can change the hours, where calls happen/),
    ).toBeVisible();
    expect(screen.getByLabelText('Monday From (hours 1)')).toHaveValue('09:00');
    expect(screen.getByLabelText('Monday From (hours 1)')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'A video call' })).toBeDisabled();
    expect(screen.getByLabelText('Length (minutes)')).toBeDisabled();
    expect(screen.getByText('Saturday').closest('fieldset')).toHaveTextContent(/day off/i);
    expect(screen.queryByRole('button', { name: /^Add hours/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save hours' })).toBeNull();
    expect(api.callsTo('PUT booking/availability')).toHaveLength(0);
  });
});
