import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ENDPOINT } from '../../common/booking-request';
import { ALTCHA_FIELD } from '../../common/challenge';
import { solvedChallenge } from '../support/challenge-solver';
import { postJson, type ApiCall } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { DAY_MS, sentTo, visitor, weekdayAt } from './helpers/booking-requests';
import {
  createKeptStorage,
  startTestApp,
  type KeptStorage,
  type TestApp,
} from './helpers/start-test-app';

const postgres = BACKENDS[1]!;
const INSTANCES = 3;
const VISITORS = 50;

describe.skipIf(isUnavailable(postgres))('one slot booked over HTTP on three instances', () => {
  let kept: KeptStorage;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    kept = await createKeptStorage(postgres);
    // One after another: the first migrates the shared database, the others find it ready.
    for (let index = 0; index < INSTANCES; index += 1) {
      apps.push(await startTestApp(postgres, {}, { storage: kept.storage }));
    }
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await kept?.remove();
  });

  it(`gives ${VISITORS} visitors racing for one slot one 201 and ${VISITORS - 1} × 409 with the nearest free slots`, async () => {
    const start = weekdayAt(2, 14);
    // Each visitor's challenge is solved before the race, so the requests leave together.
    const requests = await Promise.all(
      Array.from({ length: VISITORS }, async () =>
        visitor(start, { [ALTCHA_FIELD]: await solvedChallenge() }),
      ),
    );
    const answers: ApiCall[] = await Promise.all(
      requests.map((request, index) =>
        postJson(`${apps[index % INSTANCES]!.url}${BOOKING_ENDPOINT}`, request),
      ),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(VISITORS - 1);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({ success: false, error: 'slot_taken' });
      const { nearest } = refused.body as { nearest: { start: string }[] };
      expect(nearest.length).toBeGreaterThan(0);
      expect(nearest.map((slot) => slot.start)).not.toContain(start);
    }

    const winner = requests[statuses.indexOf(201)]!;
    const [anyApp] = apps;
    const booked = await anyApp!.store.bookings.listBookings(
      new Date(Date.parse(start) - DAY_MS),
      new Date(Date.parse(start) + DAY_MS),
    );
    expect(booked.map(({ email, state }) => ({ email, state }))).toEqual([
      { email: winner.email, state: 'confirmed' },
    ]);

    // Whichever instance's outbox sends them, the invitations go out once, to the winner alone.
    await expect
      .poll(async () => (await anyApp!.store.readOutboxBacklog()).count, { timeout: 20_000 })
      .toBe(0);
    const sent = apps.flatMap((app) => app.smtp.messages);
    const invitations = sent.filter((mail) => /^Your call with Ember/.test(mail.subject ?? ''));
    expect(invitations).toHaveLength(1);
    expect(invitations.filter(sentTo(winner.email, /^Your call with Ember/))).toHaveLength(1);
    expect(sent.filter((mail) => /^Call booked:/.test(mail.subject ?? ''))).toHaveLength(1);
  });
});
