import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  addStaffByCli,
  cookieFrom,
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioTarget,
} from './helpers/studio-session';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`studio sign-in (${backend.name})`, () => {
    let app: TestApp;
    let target: StudioTarget;

    beforeAll(async () => {
      app = await startTestApp(backend);
      target = studioTargetOf(app);
    });
    afterAll(() => app.close());

    const sessionCount = async (email: string): Promise<number> => {
      const staff = await app.store.auth.listStaff();
      return staff.find((person) => person.email === email)?.sessions ?? -1;
    };

    it('signs in with a password: exactly one new session, and GET me knows who it is', async () => {
      const { token } = await addStaffByCli(target, 'ada@studio.example');
      const password = 'a long enough passphrase';
      expect(
        (await studioFetch(target, '/welcome', { method: 'POST', body: { token, password } }))
          .status,
      ).toBe(200);
      const before = await sessionCount('ada@studio.example');

      const response = await studioFetch(target, '/session', {
        method: 'POST',
        body: { email: 'ADA@studio.example', password },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        staff: { email: 'ada@studio.example' },
      });
      expect(await sessionCount('ada@studio.example')).toBe(before + 1);

      const me = await studioFetch(target, '/me', { cookie: cookieFrom(response) });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ staff: { email: 'ada@studio.example' } });
      expect(me.headers.get('cache-control')).toBe('no-store');
      expect(me.headers.get('x-robots-tag')).toBe('noindex');
    });

    it('answers an unknown email and a wrong password alike, and audits both', async () => {
      const staff = await createSignedInStaff(target);
      const wrong = await studioFetch(target, '/session', {
        method: 'POST',
        body: { email: staff.email, password: 'not the password at all' },
      });
      const unknown = await studioFetch(target, '/session', {
        method: 'POST',
        body: { email: 'nobody@studio.example', password: 'not the password at all' },
      });
      for (const response of [wrong, unknown]) {
        expect(response.status).toBe(401);
        expect(response.headers.get('set-cookie')).toBeNull();
      }
      const bodies = [await wrong.text(), await unknown.text()];
      expect(bodies[0]).toBe(bodies[1]);
      expect(JSON.parse(bodies[0] ?? '')).toEqual({ success: false, error: 'invalid_credentials' });

      const audit = await app.store.auth.listAudit(20);
      const failures = audit.filter((entry) => entry.event === 'sign_in_failed');
      expect(failures.map((entry) => entry.email)).toEqual(
        expect.arrayContaining([staff.email, 'nobody@studio.example']),
      );
    });

    it('signs out on the server: the old cookie no longer opens anything', async () => {
      const staff = await createSignedInStaff(target);
      const out = await studioFetch(target, '/session', { method: 'DELETE', cookie: staff.cookie });
      expect(out.status).toBe(204);
      expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
      const me = await studioFetch(target, '/me', { cookie: staff.cookie });
      expect(me.status).toBe(401);
      expect(await me.json()).toEqual({ success: false, error: 'unauthenticated' });
      const events = (await app.store.auth.listAudit(50)).filter(
        (entry) => entry.email === staff.email,
      );
      expect(events.map((entry) => entry.event)).toEqual(
        expect.arrayContaining(['staff_added', 'password_set', 'sign_in', 'sign_out']),
      );
    });
  });
}
