import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { sentTo } from './helpers/newsletter-mail';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { clearStaffPassword } from './helpers/studio-database';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
  type StudioTarget,
} from './helpers/studio-session';

const MINUTE = 60 * 1000;

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`passkeys need a fresh proof (${backend.name})`, () => {
    let app: TestApp;
    let target: StudioTarget;
    let clock = Date.now();

    beforeAll(async () => {
      app = await startTestApp(backend, {}, { now: () => clock });
      target = studioTargetOf(app, () => clock);
    });
    afterAll(() => app.close());

    const registrationOptions = (cookie: string) =>
      studioFetch(target, '/passkeys/registration/options', { method: 'POST', cookie });
    const register = (cookie: string) =>
      studioFetch(target, '/passkeys/registration', {
        method: 'POST',
        cookie,
        body: { response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key' } },
      });
    const reauthenticate = (staff: StudioStaff, password: string) =>
      studioFetch(target, '/session/reauthentication', {
        method: 'POST',
        cookie: staff.cookie,
        body: { password },
      });
    const errorOf = async (response: Response) =>
      ((await response.json()) as { error?: string }).error;

    /** A passkey stored for the person as if registered; its notice email is awaited. */
    async function givePasskey(staff: StudioStaff, name: string): Promise<string> {
      const owner = await app.store.auth.findStaffByEmail(staff.email);
      if (owner === null) throw new Error('no such staff member');
      const id = randomUUID();
      await app.store.auth.addPasskey(
        {
          id,
          staffId: owner.id,
          credentialId: randomUUID(),
          publicKey: 'AAAA',
          signCount: 0,
          transports: [],
          name,
          now: new Date(clock),
        },
        staff.email,
      );
      return id;
    }

    it('refuses a session cookie older than five minutes both registration steps', async () => {
      const staff = await createSignedInStaff(target);
      expect((await registrationOptions(staff.cookie)).status).toBe(200);

      clock += 5 * MINUTE + 1;
      const options = await registrationOptions(staff.cookie);
      expect(options.status).toBe(403);
      expect(await errorOf(options)).toBe('reauthentication_required');
      const verify = await register(staff.cookie);
      expect(verify.status).toBe(403);
      expect(await errorOf(verify)).toBe('reauthentication_required');
      // The session itself is still good for everything else.
      expect((await studioFetch(target, '/me', { cookie: staff.cookie })).status).toBe(200);
    });

    it('lets the password, given again, open registration for five minutes', async () => {
      const staff = await createSignedInStaff(target);
      clock += 10 * MINUTE;

      const wrong = await reauthenticate(staff, 'not the password at all');
      expect(wrong.status).toBe(403);
      expect(await errorOf(wrong)).toBe('invalid_credentials');
      expect((await registrationOptions(staff.cookie)).status).toBe(403);

      const right = await reauthenticate(staff, staff.password);
      expect(right.status).toBe(200);
      expect(await right.json()).toEqual({
        success: true,
        provenAt: new Date(clock).toISOString(),
      });
      expect((await registrationOptions(staff.cookie)).status).toBe(200);
      // A fresh proof gets past the check to the body, which this one's is not.
      expect(await errorOf(await register(staff.cookie))).toBe('invalid_request');

      clock += 5 * MINUTE;
      expect((await registrationOptions(staff.cookie)).status).toBe(403);
      const audit = await app.store.auth.listAudit(50);
      const mine = audit.filter((entry) => entry.email === staff.email).map((e) => e.event);
      expect(mine).toEqual(expect.arrayContaining(['reauthenticated', 'reauthentication_failed']));
    });

    // The outbox worker polls every few seconds for an email the store queued directly.
    it('emails the person when a passkey is added and when one is removed', async () => {
      const staff = await createSignedInStaff(target);
      const id = await givePasskey(staff, 'Work laptop');
      const added = await app.smtp.waitFor(
        (mail) => sentTo(staff.email)(mail) && /added/.test(mail.subject ?? ''),
      );
      expect(added.subject).toBe('A passkey was added to your studio account');
      expect(added.text).toContain('"Work laptop"');

      const removed = await studioFetch(target, `/passkeys/${id}`, {
        method: 'DELETE',
        cookie: staff.cookie,
      });
      expect(removed.status).toBe(204);
      const notice = await app.smtp.waitFor(
        (mail) => sentTo(staff.email)(mail) && /removed/.test(mail.subject ?? ''),
      );
      expect(notice.subject).toBe('A passkey was removed from your studio account');
      expect(notice.text).toContain('"Work laptop"');
    });

    it('refuses to remove the last way to sign in, and allows it while another remains', async () => {
      const staff = await createSignedInStaff(target);
      const first = await givePasskey(staff, 'Phone');
      const second = await givePasskey(staff, 'Key');
      await clearStaffPassword(app.config, staff.email);
      const remove = (id: string) =>
        studioFetch(target, `/passkeys/${id}`, { method: 'DELETE', cookie: staff.cookie });

      expect((await remove(first)).status).toBe(204);
      const last = await remove(second);
      expect(last.status).toBe(409);
      expect(await errorOf(last)).toBe('last_sign_in_method');
      const owner = await app.store.auth.findStaffByEmail(staff.email);
      const left = await app.store.auth.listPasskeys(owner?.id ?? '');
      expect(left.map((passkey) => passkey.id)).toEqual([second]);
    });
  });
}
