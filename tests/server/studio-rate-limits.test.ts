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
const WRONG = 'wrong password!';

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
  expect(retryAfter).toBeLessThanOrEqual(86_400);
}

async function limitedAudits(app: TestApp) {
  const audit = await app.store.auth.listAudit(1_000);
  return audit.filter((entry) => entry.event === 'sign_in_rate_limited');
}

describe.skipIf(isUnavailable(backend))('studio sign-in limits', () => {
  describe('per client address', () => {
    let app: TestApp;
    let target: StudioTarget;
    beforeAll(async () => {
      app = await startTestApp(backend, {
        STUDIO_SIGN_IN_MAX_PER_IP: '4',
        STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '100',
        STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL: '100',
        // Windows are fixed and aligned to the clock: a day-long one is never crossed mid-test.
        STUDIO_SIGN_IN_WINDOW_MS: '86400000',
        TRUST_PROXY: '1',
      });
      target = studioTargetOf(app);
    });
    afterAll(() => app.close());

    it('answers 429 once one address has failed its budget, whatever the account, and audits it once', async () => {
      // The helper's welcome and sign-in come from another address.
      const staff = await createSignedInStaff(target);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await signIn(
          target,
          `guess${attempt}@studio.example`,
          WRONG,
          '203.0.113.7',
        );
        expect(response.status).toBe(401);
      }
      await expectLimited(await signIn(target, staff.email, staff.password, '203.0.113.7'));
      const auditRows = (await app.store.auth.listAudit(1_000)).length;
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await expectLimited(await signIn(target, staff.email, staff.password, '203.0.113.7'));
      }
      // A flood of refusals writes nothing: one audit line for the first, none after.
      expect((await app.store.auth.listAudit(1_000)).length).toBe(auditRows);
      expect((await limitedAudits(app)).map((entry) => entry.detail)).toEqual(['ip']);
      expect((await signIn(target, staff.email, staff.password, '203.0.113.8')).status).toBe(200);
    });

    it('never locks the passkey path with password failures from the same address', async () => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await signIn(target, 'nobody@studio.example', WRONG, '198.51.100.77');
      }
      await expectLimited(await signIn(target, 'nobody@studio.example', WRONG, '198.51.100.77'));
      const options = await studioFetch(target, '/passkeys/authentication/options', {
        method: 'POST',
        headers: { 'x-forwarded-for': '198.51.100.77' },
      });
      expect(options.status).toBe(200);
    });
  });

  describe('per account', () => {
    let app: TestApp;
    let target: StudioTarget;
    beforeAll(async () => {
      app = await startTestApp(backend, {
        STUDIO_SIGN_IN_MAX_PER_IP: '100',
        STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '3',
        STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL: '6',
        STUDIO_SIGN_IN_WINDOW_MS: '86400000',
        TRUST_PROXY: '1',
      });
      target = studioTargetOf(app);
    });
    afterAll(() => app.close());

    it('counts failures only: an attacker elsewhere cannot lock the real person out', async () => {
      const staff = await createSignedInStaff(target);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await signIn(target, staff.email.toUpperCase(), WRONG, '198.51.100.1');
        expect(response.status).toBe(401);
      }
      await expectLimited(await signIn(target, staff.email, staff.password, '198.51.100.1'));
      // The attacker's address is locked for this account; the owner's is not, and their own
      // successful sign-ins, however many, count for nothing.
      for (let attempt = 0; attempt < 8; attempt += 1) {
        expect((await signIn(target, staff.email, staff.password, '192.0.2.10')).status).toBe(200);
      }
    });

    it('answers 429 for an account guessed at from many addresses, past the ceiling for all', async () => {
      const staff = await createSignedInStaff(target);
      const other = await createSignedInStaff(target);
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await signIn(target, staff.email, WRONG, `198.51.100.${20 + attempt}`);
        expect(response.status).toBe(401);
      }
      await expectLimited(await signIn(target, staff.email, staff.password, '192.0.2.11'));
      expect((await signIn(target, other.email, other.password, '192.0.2.11')).status).toBe(200);
      const details = (await limitedAudits(app)).map((entry) => entry.detail);
      expect(details).toEqual(expect.arrayContaining(['account', 'account-all']));
    });

    it('keeps the owner signing in from a browser that signed in before, however many /64s fail', async () => {
      const staff = await createSignedInStaff(target);
      const known = await signIn(target, staff.email, staff.password, '192.0.2.30');
      expect(known.status).toBe(200);
      const cookies = known.headers.getSetCookie().map((header) => header.split(';')[0] ?? '');
      const device = cookies.find((pair) => pair.includes('studio_device='));
      const session = cookies.find((pair) => pair.includes('studio_session='));
      if (device === undefined || session === undefined) throw new Error('no cookies');

      // Strangers fail from six fresh /64s of one /48: the account's budget for everyone is spent.
      for (let net = 0; net < 6; net += 1) {
        const response = await signIn(target, staff.email, WRONG, `2001:db8:7:${net}::1`);
        expect(response.status).toBe(401);
      }
      await expectLimited(await signIn(target, staff.email, staff.password, '192.0.2.30'));
      const fromBrowser = (cookie: string, path: string, body: unknown) =>
        studioFetch(target, path, {
          method: 'POST',
          body,
          cookie,
          headers: { 'x-forwarded-for': '192.0.2.31' },
        });
      const signInBody = { email: staff.email, password: staff.password };
      expect((await fromBrowser(device, '/session', signInBody)).status).toBe(200);

      // Re-authentication follows the same rule.
      const reauth = { password: staff.password };
      await expectLimited(await fromBrowser(session, '/session/reauthentication', reauth));
      const both = `${session}; ${device}`;
      expect((await fromBrowser(both, '/session/reauthentication', reauth)).status).toBe(200);

      // The browser's own budget still stops a thief of the device cookie from guessing on.
      const wrong = { email: staff.email, password: WRONG };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await fromBrowser(device, '/session', wrong)).status).toBe(401);
      }
      await expectLimited(await fromBrowser(device, '/session', signInBody));
    });
  });
});
