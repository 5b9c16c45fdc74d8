import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { calendarObject, vevent } from '../support/calendar-objects';
import { startCountingHttpProxy, type CountingHttpProxy } from '../support/counting-http-proxy';
import { hasRadicale, startRadicale, type Radicale } from '../support/radicale';

/** Thursday noon in the studio's zone (UTC); the default horizon runs to 25 December. */
const STARTED_AT = Date.parse('2026-11-26T12:00:00.000Z');
const SQLITE: Backend = { name: 'sqlite', databaseUrl: undefined };
const DAY_MS = 86_400_000;

const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);
const dayAfter = (days: number) => isoDay(Date.parse('2026-11-26T00:00:00Z') + days * DAY_MS);

/** Ten endless weekly meetings, as a busy owner's calendar holds them. */
async function fillWithEndlessMeetings(radicale: Radicale, calendarUrl: string): Promise<void> {
  for (let meeting = 0; meeting < 10; meeting += 1) {
    const hour = String(9 + (meeting % 8)).padStart(2, '0');
    await radicale.put(
      calendarUrl,
      `weekly-${meeting}`,
      calendarObject(
        vevent(
          `weekly-${meeting}`,
          `DTSTART:2025010${1 + (meeting % 5)}T${hour}0000Z`,
          'DURATION:PT30M',
          'RRULE:FREQ=WEEKLY',
        ),
      ),
    );
  }
}

/** A timed GET from its own address: a crowd of clients, each within its own limit. */
async function timedGet(url: string, address: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-forwarded-for': address } });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

describe.runIf(hasRadicale())('slot lists against a real calendar, asked by a crowd', () => {
  let radicale: Radicale;
  let proxy: CountingHttpProxy;
  let app: TestApp;

  beforeAll(async () => {
    radicale = await startRadicale();
    const calendarUrl = await radicale.createCalendar('crowded');
    await fillWithEndlessMeetings(radicale, calendarUrl);
    proxy = await startCountingHttpProxy(radicale.port);
    const runningSince = Date.now();
    app = await startTestApp(
      SQLITE,
      { CALDAV_URL: proxy.through(calendarUrl), TRUST_PROXY: '1', RATE_LIMIT_MAX: '2' },
      { now: () => STARTED_AT + (Date.now() - runningSince) },
    );
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await radicale?.stop();
  });

  it('reads the calendar a handful of times for 40 far-future and 40 in-horizon ranges at once, and keeps answering', async () => {
    const slots = (from: string, to: string) =>
      `${app.url}/api/booking/slots?from=${from}&to=${to}`;
    const farFuture = Array.from({ length: 40 }, (_, index) => {
      const from = Date.UTC(9999, 0, 1) + index * 5 * DAY_MS;
      return slots(isoDay(from), isoDay(from + 61 * DAY_MS));
    });
    const inHorizon = Array.from({ length: 40 }, (_, index) =>
      slots(dayAfter(index % 28), dayAfter((index % 28) + 1 + Math.floor(index / 28))),
    );
    const asked = [...farFuture, ...inHorizon];
    // The crowd's connections are opened first: this process is both the crowd and the site,
    // and what is timed below is the site's answer, not the test's own connection setup.
    await Promise.all(asked.map(() => timedGet(`${app.url}/healthz`, '10.9.9.9')));
    const health: { status: number; ms: number }[] = [];
    let isBursting = true;
    const watchHealth = (async () => {
      while (isBursting) health.push(await timedGet(`${app.url}/healthz`, '10.9.9.9'));
    })();
    const answers = await Promise.all(
      asked.map((url, index) => timedGet(url, `10.0.${Math.floor(index / 200)}.${index % 200}`)),
    );
    isBursting = false;
    await watchHealth;

    console.info(
      `80 slot lists at once: ${proxy.count('REPORT')} calendar read(s), slowest answer ${Math.round(Math.max(...answers.map(({ ms }) => ms)))} ms, slowest /healthz ${Math.round(Math.max(...health.map(({ ms }) => ms)))} ms`,
    );
    // The figures are for docs/reliability.md; what must hold on any machine is that every
    // answer came, from a handful of calendar reads, and health was answered all along.
    expect(answers.map(({ status }) => status)).toEqual(asked.map(() => 200));
    expect(proxy.count('REPORT')).toBeLessThanOrEqual(3);
    expect(health.length).toBeGreaterThan(0);
    expect(health.map(({ status }) => status)).toEqual(health.map(() => 200));

    // A real visitor right after: next week's slots, read from the calendar as it stands.
    const visitor = await timedGet(slots(dayAfter(4), dayAfter(10)), '10.7.7.7');
    expect(visitor.status).toBe(200);
  });

  it('limits the slot lists one client asks for, as the forms are', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt += 1) {
      statuses.push(
        (
          await timedGet(
            `${app.url}/api/booking/slots?from=${dayAfter(1)}&to=${dayAfter(2)}`,
            '10.8.8.8',
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(statuses.at(-1)).toBe(429);
  });
});
