import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY, type Booking } from '../../server/booking/booking-types';
import type { BookedTime } from '../../server/store/bookings/booking-repository-types';
import type { Backend } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { sentTo } from './helpers/booking-requests';
import { MESSAGE, newEnquiry } from './helpers/store-fixtures';
import { calendarObject, vevent } from '../support/calendar-objects';
import { hasRadicale, startRadicale, type Radicale } from '../support/radicale';

/** Thursday noon in the studio's zone (UTC): the calls booked below are next week's. */
const STARTED_AT = Date.parse('2026-11-26T12:00:00.000Z');
const HALF_HOUR_MS = 30 * 60 * 1000;
const SQLITE: Backend = { name: 'sqlite', databaseUrl: undefined };

function timeAt(day: string, start: string): BookedTime {
  const startAt = new Date(`${day}T${start}:00.000Z`);
  const end = new Date(startAt.getTime() + HALF_HOUR_MS);
  return { start: startAt, end, blockedUntil: end, day, maxPerDay: 8 };
}

async function book(app: TestApp, time: BookedTime, email = MESSAGE.email): Promise<Booking> {
  const result = await app.store.bookings.book({
    ...time,
    lead: newEnquiry({ message: { ...MESSAGE, email } }),
    name: MESSAGE.name,
    email,
    note: 'About the new identity',
  });
  if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
  return result.booking;
}

describe.runIf(hasRadicale())("the studio's calendar connected to the site", () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  async function connected(calendarName: string) {
    const caldavUrl = await radicale.createCalendar(calendarName);
    // The app's clock starts at STARTED_AT and runs: retries fall due as they would.
    const runningSince = Date.now();
    const app = await startTestApp(
      SQLITE,
      { CALDAV_URL: caldavUrl },
      {
        now: () => STARTED_AT + (Date.now() - runningSince),
        // Retries 200–400 ms apart, where production waits 15 s to 5 minutes.
        calendarSync: {
          pollIntervalMs: 50,
          retry: { baseDelayMs: 200, maxDelayMs: 400, maxAttempts: 1000 },
        },
      },
    );
    /** The calendar's events, by the start each one's copy holds. */
    const startsIn = async () =>
      new Map(
        [...(await radicale.objects(caldavUrl))].map(([name, ics]) => [
          name,
          /^DTSTART:(\w+)/m.exec(ics)?.[1],
        ]),
      );
    return { caldavUrl, app, startsIn };
  }

  it('leaves out the times busy in the calendar from the free slots, and says when it cannot read it', async () => {
    const { caldavUrl, app } = await connected('slots');
    try {
      await radicale.put(
        caldavUrl,
        'dentist',
        calendarObject(vevent('dentist', 'DTSTART:20261130T090000Z', 'DTEND:20261130T100000Z')),
      );
      const slots = await fetch(`${app.url}/api/booking/slots?from=2026-11-30&to=2026-11-30`);
      expect(slots.status).toBe(200);
      const { slots: free } = (await slots.json()) as { slots: { start: string }[] };
      expect(free.slice(0, 2).map(({ start }) => start)).toEqual([
        '2026-11-30T10:00:00.000Z',
        '2026-11-30T10:30:00.000Z',
      ]);

      await radicale.pause();
      try {
        // One read serves the slot lists for a few seconds: the outage shows once it is over.
        const answer = async () => {
          const refused = await fetch(`${app.url}/api/booking/slots?from=2026-12-01&to=2026-12-01`);
          return { status: refused.status, body: (await refused.json()) as unknown };
        };
        await expect.poll(answer, { timeout: 20_000 }).toEqual({
          status: 503,
          body: { success: false, error: 'calendar_unavailable' },
        });
      } finally {
        await radicale.resume();
      }
    } finally {
      await app.close();
    }
  });

  it('writes a booking as one event named by its UID, moves it on reschedule, removes it on cancel', async () => {
    const { caldavUrl, app, startsIn } = await connected('written');
    try {
      await app.store.bookings.saveAvailability({
        ...DEFAULT_AVAILABILITY,
        meeting: { kind: 'room', base: 'https://meet.jit.si/' },
      });
      const booking = await book(app, timeAt('2026-12-01', '10:00'));
      const room = `https://meet.jit.si/${booking.meetingRoom}`;
      const resource = `${booking.uid}.ics`;
      await expect.poll(startsIn).toEqual(new Map([[resource, '20261201T100000Z']]));
      const unfoldedEvent = async () =>
        ((await radicale.objects(caldavUrl)).get(resource) ?? '').replace(/\r\n[ \t]/g, '');
      const unfolded = await unfoldedEvent();
      expect(unfolded).toContain(`UID:${booking.uid}`);
      expect(unfolded).toContain('SEQUENCE:0');
      expect(unfolded, 'the studio joins the call from its calendar').toContain(`URL:${room}`);
      expect(unfolded).toContain(`LOCATION:${room}`);
      const description = /^DESCRIPTION:(.*)$/m.exec(unfolded)?.[1] ?? '';
      expect(description).toContain(`${MESSAGE.name} <${MESSAGE.email}>`);
      expect(description).toContain(
        `https://emberandink.example/studio?view=enquiry&id=${booking.enquiryId}`,
      );
      expect(unfolded, 'no calendar server is asked to invite the client').not.toMatch(
        /^ATTENDEE/m,
      );

      await app.store.bookings.reschedule(booking.id, timeAt('2026-12-02', '15:00'));
      await expect.poll(startsIn).toEqual(new Map([[resource, '20261202T150000Z']]));
      expect(await unfoldedEvent(), 'a moved call keeps its room').toContain(`URL:${room}`);

      await app.store.bookings.cancel(booking.id, null);
      await expect.poll(startsIn).toEqual(new Map());
    } finally {
      await app.close();
    }
  });

  it('loses nothing while the calendar is down, and catches up when it returns', async () => {
    const { app, startsIn } = await connected('outage');
    try {
      const kept = await book(app, timeAt('2026-12-01', '10:00'));
      await expect.poll(startsIn).toEqual(new Map([[`${kept.uid}.ics`, '20261201T100000Z']]));

      await radicale.pause();
      const bookedDuring = await book(app, timeAt('2026-12-01', '11:00'));
      await app.store.bookings.cancel(kept.id, null);
      const failedWrites = () =>
        app.logs.filter(({ msg }) => msg === 'a booking could not be written to the calendar');
      // Both are tried, and fail, more than once while the calendar is away.
      await expect.poll(() => failedWrites().length).toBeGreaterThanOrEqual(4);
      expect(failedWrites().map(({ booking }) => booking)).toEqual(
        expect.arrayContaining([kept.id, bookedDuring.id]),
      );

      await radicale.resume();
      const returnedAt = Date.now();
      await expect
        .poll(startsIn)
        .toEqual(new Map([[`${bookedDuring.uid}.ics`, '20261201T110000Z']]));
      const caughtUpMs = Date.now() - returnedAt;
      console.info(
        `calendar outage: ${failedWrites().length} failed writes kept, caught up ${caughtUpMs} ms after the calendar returned`,
      );
      expect(JSON.stringify(app.logs)).not.toContain(radicale.password);
    } finally {
      await app.close();
    }
  });

  it("removes a forgotten person's calls from the calendar, once it is back if it was down, and mails them nothing", async () => {
    const { app, startsIn } = await connected('forgotten');
    try {
      const forgottenWhileUp = await book(app, timeAt('2026-12-01', '10:00'), 'ann@example.com');
      const forgottenWhileDown = await book(app, timeAt('2026-12-01', '11:00'), 'bo@example.com');
      const kept = await book(app, timeAt('2026-12-01', '12:00'), 'cy@example.com');
      await expect.poll(async () => (await startsIn()).size).toBe(3);
      // Their invitations went out before they asked to be forgotten.
      for (const email of ['ann@example.com', 'bo@example.com']) {
        await app.smtp.waitFor(sentTo(email, /^Your call with Ember/));
      }

      await expect(app.store.forgetPerson('ANN@example.com')).resolves.toMatchObject({
        bookingIds: [forgottenWhileUp.id],
        calendarRemovals: 1,
      });
      await expect.poll(startsIn).toEqual(
        new Map([
          [`${forgottenWhileDown.uid}.ics`, '20261201T110000Z'],
          [`${kept.uid}.ics`, '20261201T120000Z'],
        ]),
      );

      await radicale.pause();
      // Forgetting needs the database alone: the calendar's absence does not stop it.
      await expect(app.store.forgetPerson('bo@example.com')).resolves.toMatchObject({
        calendarRemovals: 1,
      });
      const failedRemovals = () =>
        app.logs.filter(
          ({ msg }) => msg === "a forgotten call's event could not be removed from the calendar",
        );
      await expect.poll(() => failedRemovals().length).toBeGreaterThanOrEqual(2);
      // The queue names the event by its UID and holds nothing about the person.
      expect(JSON.stringify(failedRemovals())).not.toContain('bo@example.com');
      await radicale.resume();
      await expect.poll(startsIn).toEqual(new Map([[`${kept.uid}.ics`, '20261201T120000Z']]));

      await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
      for (const email of ['ann@example.com', 'bo@example.com']) {
        const received = app.smtp.messages.filter(sentTo(email, /./));
        expect(received.map((mail) => mail.subject)).toEqual([
          expect.stringMatching(/^Your call with Ember/),
        ]);
      }
    } finally {
      await app.close();
    }
  });
});
