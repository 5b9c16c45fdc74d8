import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { solvedChallenge } from '../support/challenge-solver';
import { createPostgresDatabase, type PostgresDatabase } from '../support/postgres-database';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable, readTestDatabaseUrl } from './helpers/backends';
import {
  createKeptStorage,
  startTestApp,
  type KeptStorage,
  type SharedStorage,
  type TestApp,
} from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const sqlite = BACKENDS[0]!;
const adminUrl = readTestDatabaseUrl();
/** Windows are fixed and aligned to the clock: a day-long one is never crossed mid-test. */
const LIMITS = {
  RATE_LIMIT_MAX: '3',
  RATE_LIMIT_WINDOW_MS: '86400000',
  STUDIO_SIGN_IN_WINDOW_MS: '86400000',
  STUDIO_SIGN_IN_MAX_PER_IP: '100',
  STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '3',
  TRUST_PROXY: '1',
};

const postFrom = (app: TestApp, ip: string, body: Record<string, unknown> = validEnquiry()) =>
  postJson(`${app.url}${CONTACT_ENDPOINT}`, body, { 'x-forwarded-for': ip });

async function isSpam(app: TestApp, answer: { body: unknown }): Promise<boolean | undefined> {
  return (await app.store.getEnquiry(idOf(answer.body)))?.isSpam;
}

const wrongPassword = (app: TestApp, email: string, ip: string) =>
  studioFetch(studioTargetOf(app), '/session', {
    method: 'POST',
    body: { email, password: 'not the password' },
    headers: { 'x-forwarded-for': ip },
  });

describe.skipIf(adminUrl === undefined)('two instances on one PostgreSQL share every limit', () => {
  let database: PostgresDatabase;
  let storage: SharedStorage;
  let apps: TestApp[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl ?? '');
    storage = { databaseUrl: database.url };
    apps = [
      await startTestApp(sqlite, LIMITS, { storage }),
      await startTestApp(sqlite, LIMITS, { storage }),
    ];
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
  });
  const [a, b] = [() => apps[0]!, () => apps[1]!];

  it('counts one client’s form posts on both: the 4th gets 429 wherever it lands', async () => {
    expect((await postFrom(a(), '203.0.113.1')).status).toBe(201);
    expect((await postFrom(b(), '203.0.113.1')).status).toBe(201);
    expect((await postFrom(a(), '203.0.113.1')).status).toBe(201);
    expect((await postFrom(b(), '203.0.113.1')).status).toBe(429);
    expect((await postFrom(a(), '203.0.113.1')).status).toBe(429);
    expect((await postFrom(b(), '203.0.113.2')).status).toBe(201);
  });

  it('accepts a solved challenge once: spent on one, it is spam on the other', async () => {
    const altcha = await solvedChallenge();
    expect(await isSpam(a(), await postFrom(a(), '203.0.113.3', validEnquiry({ altcha })))).toBe(
      false,
    );
    expect(await isSpam(b(), await postFrom(b(), '203.0.113.4', validEnquiry({ altcha })))).toBe(
      true,
    );
    const reasons = b().logs.filter((entry) => entry.reasons === 'replayed-solution');
    expect(reasons).toHaveLength(1);
  });

  it('counts wrong passwords on both: the 4th failure for an account gets 429 on either', async () => {
    const staff = await createSignedInStaff(studioTargetOf(a()));
    expect((await wrongPassword(a(), staff.email, '198.51.100.9')).status).toBe(401);
    expect((await wrongPassword(b(), staff.email, '198.51.100.9')).status).toBe(401);
    expect((await wrongPassword(a(), staff.email, '198.51.100.9')).status).toBe(401);
    expect((await wrongPassword(b(), staff.email, '198.51.100.9')).status).toBe(429);
    expect((await wrongPassword(a(), staff.email, '198.51.100.9')).status).toBe(429);
  });
});

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`a restart forgets no limit (${backend.name})`, () => {
    let kept: KeptStorage | undefined;
    let app: TestApp | undefined;
    afterEach(async () => {
      await app?.close();
      await kept?.remove();
    });

    it('still refuses the spent budget, the failed account and the spent solution', async () => {
      kept = await createKeptStorage(backend);
      const { storage } = kept;
      app = await startTestApp(sqlite, LIMITS, { storage });
      for (let post = 0; post < 3; post += 1) await postFrom(app, '203.0.113.5');
      expect((await postFrom(app, '203.0.113.5')).status).toBe(429);
      const altcha = await solvedChallenge();
      expect(await isSpam(app, await postFrom(app, '203.0.113.6', validEnquiry({ altcha })))).toBe(
        false,
      );
      const staff = await createSignedInStaff(studioTargetOf(app));
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await wrongPassword(app, staff.email, '198.51.100.10')).status).toBe(401);
      }
      await app.close();

      app = await startTestApp(sqlite, LIMITS, { storage });
      expect((await postFrom(app, '203.0.113.5')).status).toBe(429);
      expect(await isSpam(app, await postFrom(app, '203.0.113.7', validEnquiry({ altcha })))).toBe(
        true,
      );
      expect((await wrongPassword(app, staff.email, '198.51.100.10')).status).toBe(429);
    });
  });
}
