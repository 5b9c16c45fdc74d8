import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioTarget,
} from './helpers/studio-session';

const backend = BACKENDS[0]!;

function signIn(target: StudioTarget, email: string, password: string, ip?: string) {
  return studioFetch(target, '/session', {
    method: 'POST',
    body: { email, password },
    headers: ip === undefined ? {} : { 'x-forwarded-for': ip },
  });
}

async function expectLimited(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ success: false, error: 'rate_limited' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(900);
}

describe.skipIf(isUnavailable(backend))('studio sign-in limits', () => {
  describe('per client IP', () => {
    let app: TestApp;
    let target: StudioTarget;
    beforeAll(async () => {
      app = await startTestApp(backend, {
        STUDIO_SIGN_IN_MAX_PER_IP: '4',
        STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '100',
        STUDIO_SIGN_IN_WINDOW_MS: '600000',
        TRUST_PROXY: '1',
      });
      target = studioTargetOf(app);
    });
    afterAll(() => app.close());

    it('answers 429 with Retry-After once one IP has spent its attempts, whatever the account', async () => {
      // The helper's welcome and sign-in come from another address.
      const staff = await createSignedInStaff(target);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await signIn(
          target,
          `guess${attempt}@studio.example`,
          'wrong password!',
          '203.0.113.7',
        );
        expect(response.status).toBe(401);
      }
      await expectLimited(await signIn(target, staff.email, staff.password, '203.0.113.7'));
      expect((await signIn(target, staff.email, staff.password, '203.0.113.8')).status).toBe(200);
      const audit = await app.store.auth.listAudit(5);
      expect(audit[0]?.event).toBe('sign_in');
      expect(
        audit.some((entry) => entry.event === 'sign_in_rate_limited' && entry.detail === 'ip'),
      ).toBe(true);
    });
  });

  describe('per account', () => {
    let app: TestApp;
    let target: StudioTarget;
    beforeAll(async () => {
      app = await startTestApp(backend, {
        STUDIO_SIGN_IN_MAX_PER_IP: '100',
        STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '3',
        TRUST_PROXY: '1',
      });
      target = studioTargetOf(app);
    });
    afterAll(() => app.close());

    it('answers 429 for an account guessed at from many addresses, and not for others', async () => {
      const staff = await createSignedInStaff(target);
      const other = await createSignedInStaff(target);
      // The helper signed in once: two attempts remain.
      for (const ip of ['198.51.100.1', '198.51.100.2']) {
        expect(
          (await signIn(target, staff.email.toUpperCase(), 'wrong password!', ip)).status,
        ).toBe(401);
      }
      await expectLimited(await signIn(target, staff.email, staff.password, '198.51.100.3'));
      expect((await signIn(target, other.email, other.password, '198.51.100.3')).status).toBe(200);
    });
  });
});
