import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../../server/cli/staff-commands';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { readRawRows } from './helpers/studio-database';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  addStaffByCli,
  cookieFrom,
  studioFetch,
  studioTargetOf,
  type StudioTarget,
} from './helpers/studio-session';

const HOUR = 60 * 60 * 1000;
const PASSWORD = 'twelve chars!';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`studio welcome link (${backend.name})`, () => {
    let app: TestApp;
    let target: StudioTarget;
    let clock = Date.now();
    let counter = 0;

    beforeAll(async () => {
      app = await startTestApp(backend, {}, { now: () => clock });
      target = studioTargetOf(app, () => clock);
    });
    afterAll(() => app.close());

    const newStaff = () => {
      counter += 1;
      return addStaffByCli(target, `welcome${counter}@studio.example`);
    };
    const welcome = (token: string, password = PASSWORD) =>
      studioFetch(target, '/welcome', { method: 'POST', body: { token, password } });

    it('prints a link with a 256-bit token in the fragment, storing only its hash', async () => {
      const { link, token } = await newStaff();
      expect(link).toMatch(
        /^https:\/\/emberandink\.example\/studio\/welcome#token=[A-Za-z0-9_-]{43}$/,
      );
      const rows = await readRawRows(app.config, 'welcome_tokens');
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('sets the password and signs in once; the same link then fails', async () => {
      const { token } = await newStaff();
      const first = await welcome(token);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({
        success: true,
        staff: { email: `welcome${counter}@studio.example` },
      });
      expect((await studioFetch(target, '/me', { cookie: cookieFrom(first) })).status).toBe(200);

      const second = await welcome(token, 'another password entirely');
      expect(second.status).toBe(400);
      expect(await second.json()).toEqual({ success: false, error: 'invalid_token' });
      const signIn = await studioFetch(target, '/session', {
        method: 'POST',
        body: { email: `welcome${counter}@studio.example`, password: 'another password entirely' },
      });
      expect(signIn.status).toBe(401);
    });

    it('refuses a password under 12 characters and keeps the link usable', async () => {
      const { token } = await newStaff();
      const short = await welcome(token, 'elevenchars');
      expect(short.status).toBe(422);
      expect(await short.json()).toEqual({ success: false, error: 'password_too_short' });
      expect((await welcome(token, '🔥'.repeat(11))).status).toBe(422);
      expect((await welcome(token, '🔥'.repeat(12))).status).toBe(200);
    });

    it('expires after 24 hours', async () => {
      const { token } = await newStaff();
      clock += 24 * HOUR;
      const late = await welcome(token);
      expect(late.status).toBe(400);
      expect(await late.json()).toEqual({ success: false, error: 'invalid_token' });
    });

    it('stops working when a newer link is issued by staff reset', async () => {
      const { token } = await newStaff();
      const reset = await runStaffCommand(
        app.store,
        ['reset', `welcome${counter}@studio.example`],
        app.config.siteOrigin,
        new Date(clock),
      );
      expect(reset.code).toBe(0);
      expect((await welcome(token)).status).toBe(400);
      const fresh = /#token=([A-Za-z0-9_-]+)/.exec(reset.stdout)?.[1] ?? '';
      expect((await welcome(fresh)).status).toBe(200);
    });

    it('refuses made-up and malformed tokens', async () => {
      for (const token of ['A'.repeat(43), 'short', '', '../../etc/passwd']) {
        const response = await welcome(token);
        expect(response.status, token).toBe(400);
      }
    });

    it('keeps the password off the command line: staff add takes no password', async () => {
      const result = await runStaffCommand(
        app.store,
        ['add', 'extra@studio.example', 'hunter2hunter2'],
        app.config.siteOrigin,
      );
      expect(result.code).toBe(2);
    });
  });
}
