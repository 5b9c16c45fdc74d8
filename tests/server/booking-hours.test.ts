import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityInput } from '../../common/booking-availability';
import { DEFAULT_AVAILABILITY } from '../../server/booking/booking-types';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { MESSAGE } from './helpers/store-fixtures';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

/** Friday 1 January 2027, noon in London: Monday the 4th is bookable with a day's notice. */
const NOW = Date.parse('2027-01-01T12:00:00Z');
const now = () => NOW;

const OFFICE_HOURS: [string, string][] = [['09:00', '17:00']];

/** The default week, but Mondays early and late, and hour-long calls. */
const EVENINGS: AvailabilityInput = {
  weekly: {
    mon: [
      ['19:00', '21:00'],
      ['08:00', '09:00'],
    ],
    tue: OFFICE_HOURS,
    wed: OFFICE_HOURS,
    thu: OFFICE_HOURS,
    fri: OFFICE_HOURS,
    sat: [],
    sun: [],
  },
  lengthMinutes: 60,
  bufferMinutes: 0,
  noticeHours: 24,
  horizonDays: 30,
  maxPerDay: 8,
};

type SlotsBody = {
  timeZone: string;
  lengthMinutes: number;
  slots: { start: string; end: string }[];
};

describe.each(BACKENDS)('booking hours and free slots ($name)', (backend) => {
  let app: TestApp;
  let cookie: string;

  const target = () => studioTargetOf(app, now);
  const readHours = async () => {
    const response = await studioFetch(target(), '/booking/availability', { cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as unknown;
  };
  const putHours = (body: unknown, headers: Record<string, string> = {}) =>
    studioFetch(target(), '/booking/availability', { method: 'PUT', body, cookie, headers });
  const slots = (query: string) => fetch(`${app.url}/api/booking/slots${query}`);
  const mondayStarts = async () => {
    const response = await slots('?from=2027-01-04&to=2027-01-04');
    expect(response.status).toBe(200);
    return ((await response.json()) as SlotsBody).slots.map(({ start }) => start);
  };

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend, { STUDIO_TIME_ZONE: 'Europe/London' }, { now });
    ({ cookie } = await createSignedInStaff(target()));
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'lists the free slots of the studio’s days as UTC instants, by the default hours until set',
    async () => {
      const response = await slots('?from=2027-01-01&to=2027-01-04');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = (await response.json()) as SlotsBody;
      expect(body.timeZone).toBe('Europe/London');
      expect(body.lengthMinutes).toBe(30);
      // Friday is within the notice and the weekend is closed: Monday 09:00–17:00 only.
      expect(body.slots).toHaveLength(16);
      expect(body.slots[0]).toEqual({
        start: '2027-01-04T09:00:00.000Z',
        end: '2027-01-04T09:30:00.000Z',
      });
      expect(await readHours()).toEqual(DEFAULT_AVAILABILITY);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'saves an owner’s new hours for every staff member, audits them, and the slots follow at once',
    async () => {
      await mondayStarts();
      const saved = await putHours(EVENINGS);
      expect(saved.status).toBe(200);
      const expected = {
        ...EVENINGS,
        weekly: {
          ...EVENINGS.weekly,
          mon: [
            ['08:00', '09:00'],
            ['19:00', '21:00'],
          ],
        },
      };
      expect(await saved.json()).toEqual(expected);
      const colleague = await createSignedInStaff(target());
      const seen = await studioFetch(target(), '/booking/availability', {
        cookie: colleague.cookie,
      });
      expect(await seen.json()).toEqual(expected);
      expect(await mondayStarts()).toEqual([
        '2027-01-04T08:00:00.000Z',
        '2027-01-04T19:00:00.000Z',
        '2027-01-04T20:00:00.000Z',
      ]);
      const audit = await app.store.auth.listAudit(20);
      expect(audit).toContainEqual(
        expect.objectContaining({
          event: 'booking.availability',
          detail: expect.stringContaining('mon 08:00-09:00,19:00-21:00; tue 09:00-17:00') as string,
        }),
      );
    },
  );

  it.skipIf(isUnavailable(backend))(
    'leaves out the time a call holds, with its buffer, and a cancelled call holds nothing',
    async () => {
      expect((await putHours({ ...EVENINGS, bufferMinutes: 30 })).status).toBe(200);
      const tuesday = async () => {
        const response = await slots('?from=2027-01-05&to=2027-01-05');
        return ((await response.json()) as SlotsBody).slots.map(({ start }) => start.slice(11, 16));
      };
      const start = new Date('2027-01-05T11:00:00Z');
      const end = new Date('2027-01-05T12:00:00Z');
      const booked = await app.store.bookings.book({
        start,
        end,
        blockedUntil: new Date('2027-01-05T12:30:00Z'),
        day: '2027-01-05',
        maxPerDay: 8,
        lead: {
          message: MESSAGE,
          isSpam: false,
          clientIp: '203.0.113.7',
          userAgent: 'Test',
          idempotency: null,
        },
        name: MESSAGE.name,
        email: MESSAGE.email,
        note: '',
      });
      if (booked.kind !== 'booked') throw new Error(`expected a booking, got ${booked.kind}`);
      // 10:00 would run its buffer into the call; 12:00 would start within the call's buffer.
      expect(await tuesday()).toEqual(['09:00', '13:00', '14:00', '15:00', '16:00']);
      expect((await app.store.bookings.cancel(booked.booking.id, null)).kind).toBe('cancelled');
      // Saving the hours again drops the list kept, as a booking on this instance will.
      expect((await putHours({ ...EVENINGS, bufferMinutes: 30 })).status).toBe(200);
      expect(await tuesday()).toEqual([
        '09:00',
        '10:00',
        '11:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
      ]);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'refuses impossible hours with the fields named, and changes nothing',
    async () => {
      expect((await putHours(EVENINGS)).status).toBe(200);
      const before = await mondayStarts();
      const refused: [unknown, Record<string, string>][] = [
        [
          {
            ...EVENINGS,
            weekly: {
              ...EVENINGS.weekly,
              tue: [
                ['09:00', '12:00'],
                ['11:00', '13:00'],
              ],
            },
          },
          { 'weekly.tue': 'overlapping' },
        ],
        [
          { ...EVENINGS, weekly: { ...EVENINGS.weekly, wed: [['17:00', '09:00']] } },
          { 'weekly.wed.0': 'reversed' },
        ],
        [
          { ...EVENINGS, weekly: { ...EVENINGS.weekly, thu: [['09:00', '25:00']] } },
          { 'weekly.thu.0.1': 'invalid_time' },
        ],
        [
          { ...EVENINGS, lengthMinutes: 5, maxPerDay: 0 },
          { lengthMinutes: 'out_of_range', maxPerDay: 'out_of_range' },
        ],
        [{ ...EVENINGS, timeZone: 'Asia/Tokyo' }, { timeZone: 'unknown_field' }],
        [[], { '(form)': 'invalid' }],
      ];
      for (const [body, fieldErrors] of refused) {
        const response = await putHours(body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(await response.json()).toEqual({
          success: false,
          error: 'invalid_availability',
          fieldErrors,
        });
      }
      const notJson = await studioFetch(target(), '/booking/availability', {
        method: 'PUT',
        cookie,
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      const tooLarge = await putHours({ ...EVENINGS, padding: 'x'.repeat(10_000) });
      expect(tooLarge.status).toBe(413);
      expect(await readHours()).toEqual(await (await putHours(EVENINGS)).json());
      expect(await mondayStarts()).toEqual(before);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'lets signed-in staff from this site read the hours, and only owners change them',
    async () => {
      expect((await studioFetch(target(), '/booking/availability')).status).toBe(401);
      const anonymous = await studioFetch(target(), '/booking/availability', {
        method: 'PUT',
        body: DEFAULT_AVAILABILITY,
      });
      expect(anonymous.status).toBe(401);
      const crossSite = await putHours(DEFAULT_AVAILABILITY, {
        origin: 'https://elsewhere.example',
      });
      expect(crossSite.status).toBe(403);
      const member = await createSignedInStaff(target());
      await app.store.auth.changeStaff(member.email, { role: 'member' });
      const byMember = await studioFetch(target(), '/booking/availability', {
        method: 'PUT',
        body: DEFAULT_AVAILABILITY,
        cookie: member.cookie,
      });
      expect(byMember.status).toBe(403);
      expect(await byMember.json()).toEqual({ success: false, error: 'forbidden' });
      expect(await readHours()).toEqual({
        ...EVENINGS,
        weekly: {
          ...EVENINGS.weekly,
          mon: [
            ['08:00', '09:00'],
            ['19:00', '21:00'],
          ],
        },
      });
    },
  );

  it.skipIf(isUnavailable(backend))(
    'answers 400 for a range of days it cannot read, reversed or longer than 62 days',
    async () => {
      for (const query of [
        '',
        '?from=2027-01-04',
        '?to=2027-01-04',
        '?from=2027-1-4&to=2027-01-04',
        '?from=2027-02-30&to=2027-03-01',
        '?from=2027-01-04T00:00&to=2027-01-05',
        '?from=2027-01-05&to=2027-01-04',
        '?from=2027-01-01&to=2027-03-04',
        '?from=2027-01-04&from=2027-01-05&to=2027-01-06',
        `?from=${'9'.repeat(400)}&to=2027-01-04`,
      ]) {
        const response = await slots(query);
        expect(response.status, query).toBe(400);
        expect(await response.json()).toEqual({ success: false, error: 'invalid_range' });
      }
      expect((await slots('?from=2027-01-01&to=2027-03-03')).status).toBe(200);
    },
  );
});

describe('with BOOKING=off', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(BACKENDS[0]!, { BOOKING: 'off' });
  });
  afterAll(() => app?.close());

  it('has no booking API at all', async () => {
    const response = await fetch(`${app.url}/api/booking/slots?from=2027-01-04&to=2027-01-04`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, error: 'not_found' });
    for (const path of ['/api/booking', '/api/booking/manage']) {
      const post = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://emberandink.example' },
        body: '{}',
      });
      expect(post.status, path).toBe(404);
    }
  });
});
