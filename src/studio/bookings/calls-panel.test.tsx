import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AvailabilityForm } from '../../../common/booking-availability';
import type { StudioCall } from '../api/booking-api';
import { expectFocused } from '../testing/expect-focused';
import { json, ME, mockStudioApi, refusal, type RecordedCall } from '../testing/mock-studio-api';
import { renderStudio } from '../testing/render-studio';

const HOURS: AvailabilityForm = {
  weekly: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
  lengthMinutes: 30,
  bufferMinutes: 0,
  noticeHours: 24,
  horizonDays: 30,
  maxPerDay: 8,
};
const HOUR_MS = 3_600_000;

function callAt(hoursFromNow: number, fields: Partial<StudioCall>): StudioCall {
  const start = new Date(Math.floor(Date.now() / HOUR_MS + hoursFromNow) * HOUR_MS);
  return {
    id: `b-${String(hoursFromNow)}`,
    start: start.toISOString(),
    end: new Date(start.getTime() + HOUR_MS / 2).toISOString(),
    name: 'Someone',
    email: 'someone@example.com',
    note: '',
    state: 'confirmed',
    enquiryId: `e-${String(hoursFromNow)}`,
    leadId: `e-${String(hoursFromNow)}`,
    visitorTimeZone: null,
    phone: null,
    cancelReason: null,
    source: null,
    campaign: null,
    ...fields,
  };
}

const ADA = callAt(50, {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  note: 'A new identity for the engine.',
  source: 'instagram',
  campaign: 'call-week',
});
const GRACE = callAt(26, { name: 'Grace Hopper', email: 'grace@example.com' });
const ALAN = callAt(-30, { name: 'Alan Turing', state: 'cancelled' });
const KATHERINE = callAt(-75, { name: 'Katherine Johnson' });

/** Answers a range with the calls that start in its days, as the server does (UTC days here). */
function callsIn(calls: StudioCall[]) {
  return ({ query }: RecordedCall) => {
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    const day = (call: StudioCall) => call.start.slice(0, 10);
    return json(200, { items: calls.filter((call) => day(call) >= from && day(call) <= to) });
  };
}

function openBookings(
  calls: StudioCall[],
  cancel: (call: RecordedCall) => Response = (call) => {
    const id = call.path.split('/')[1];
    const found = calls.find((candidate) => candidate.id === id);
    return json(200, { success: true, booking: { ...found, state: 'cancelled', source: null } });
  },
) {
  const api = mockStudioApi({
    'GET me': () => json(200, ME),
    'GET booking/availability': () => json(200, HOURS),
    'GET booking/calendar': () => json(200, { connected: true, host: 'dav.example.com' }),
    'GET bookings': callsIn(calls),
    [`POST bookings/${ADA.id}/cancel`]: cancel,
  });
  return { api, ...renderStudio('/studio/bookings') };
}

const listOf = async (heading: string) =>
  within(
    (await screen.findByRole('heading', { name: heading })).closest('section') ?? document.body,
  );

describe('the calls on the bookings page', () => {
  it('lists the calls to come, earliest first, and the past ones, latest first, each with its lead', async () => {
    openBookings([ADA, GRACE, ALAN, KATHERINE]);
    const upcoming = await listOf('Upcoming calls');
    const upcomingNames = (await upcoming.findAllByRole('link')).map((link) => link.textContent);
    expect(upcomingNames).toEqual(['Grace Hopper', 'Ada Lovelace']);
    expect(upcoming.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/studio?view=lead&id=${ADA.leadId}`,
    );
    expect(upcoming.getByText('A new identity for the engine.')).toBeVisible();
    expect(upcoming.getByText('Came from instagram, campaign call-week')).toBeVisible();

    const past = await listOf('Past calls');
    expect(past.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Alan Turing',
      'Katherine Johnson',
    ]);
    expect(past.getByText('Cancelled')).toBeVisible();
    expect(past.queryByRole('button', { name: /Cancel the call/ })).toBeNull();
  });

  it('says so in words when there are no calls', async () => {
    openBookings([]);
    expect(await screen.findByText(/No calls booked yet/)).toBeVisible();
    expect(screen.getByText('No calls in the last 60 days.')).toBeVisible();
  });

  it('cancels a call with a message to the visitor, and says so', async () => {
    const { api, user } = openBookings([ADA, GRACE]);
    await user.click(
      await screen.findByRole('button', { name: /^Cancel the call with Ada Lovelace/ }),
    );
    const message = screen.getByLabelText('Message to Ada Lovelace (optional)');
    expect(message).toHaveFocus();
    await user.type(message, '  We are away that week, sorry.  ');
    await user.click(screen.getByRole('button', { name: 'Cancel the call' }));

    await expectFocused(screen.findByText(/The call with Ada Lovelace is cancelled/));
    expect(api.callsTo(`POST bookings/${ADA.id}/cancel`)[0]?.body).toEqual({
      message: 'We are away that week, sorry.',
    });
    // The cancelled call leaves "Upcoming" for a list of its own, with nothing left to cancel.
    const upcoming = await listOf('Upcoming calls');
    expect(upcoming.queryByText('Ada Lovelace')).toBeNull();
    expect(upcoming.getAllByRole('button', { name: /^Cancel the call with/ })).toHaveLength(1);
    const cancelled = await listOf('Cancelled calls to come');
    expect(cancelled.getByText('Cancelled')).toBeVisible();
    expect(cancelled.getByText('Came from instagram, campaign call-week')).toBeVisible();
    expect(cancelled.queryByRole('button', { name: /^Cancel the call with/ })).toBeNull();
  });

  it('reads the list again when the server says the call is over', async () => {
    const { user } = openBookings([ADA], () => refusal(409, 'call_over'));
    await user.click(await screen.findByRole('button', { name: /^Cancel the call with Ada/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel the call' }));
    await expectFocused(screen.findByText(/already cancelled or is over/));
  });

  it('says whether the studio’s calendar is connected', async () => {
    openBookings([]);
    expect(await screen.findByText(/Calendar connected \(dav\.example\.com\)/)).toBeVisible();
  });

  it('keeps the message typed when the cancellation fails, and lets it be tried again', async () => {
    let isDown = true;
    const { api, user } = openBookings([ADA], () =>
      isDown
        ? refusal(503, 'unavailable')
        : json(200, { success: true, booking: { ...ADA, state: 'cancelled' } }),
    );
    await user.click(await screen.findByRole('button', { name: /^Cancel the call with Ada/ }));
    await user.type(screen.getByLabelText('Message to Ada Lovelace (optional)'), 'Sorry!');
    await user.click(screen.getByRole('button', { name: 'Cancel the call' }));
    expect(await screen.findByText(/503/)).toBeVisible();
    expect(screen.getByLabelText('Message to Ada Lovelace (optional)')).toHaveValue('Sorry!');

    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Cancel the call' }));
    await expectFocused(screen.findByText(/The call with Ada Lovelace is cancelled/));
    expect(api.callsTo(`POST bookings/${ADA.id}/cancel`)[1]?.body).toEqual({ message: 'Sorry!' });
  });

  it('says a call already cancelled elsewhere is, and reads the list again', async () => {
    const { api, user } = openBookings([ADA], () => refusal(409, 'already_cancelled'));
    await user.click(await screen.findByRole('button', { name: /^Cancel the call with Ada/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel the call' }));
    expect(await screen.findByText(/already cancelled or is over/)).toBeVisible();
    expect(api.callsTo('GET bookings').length).toBeGreaterThan(2);
  });
});
