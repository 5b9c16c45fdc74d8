import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../../server/cli/staff-commands';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { readRawRows } from './helpers/studio-database';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  cookieFrom,
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
  type StudioTarget,
} from './helpers/studio-session';

const HOUR = 60 * 60 * 1000;

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`studio sessions (${backend.name})`, () => {
    let app: TestApp;
    let target: StudioTarget;
    let clock = Date.now();

    beforeAll(async () => {
      app = await startTestApp(backend, {}, { now: () => clock });
      target = studioTargetOf(app, () => clock);
    });
    afterAll(() => app.close());

    const me = (cookie: string) => studioFetch(target, '/me', { cookie });
    const signIn = (staff: StudioStaff, cookie?: string) =>
      studioFetch(target, '/session', {
        method: 'POST',
        body: { email: staff.email, password: staff.password },
        cookie,
      });

    it('sets a random, HttpOnly, SameSite=Strict, __Host- cookie, and stores only its hash', async () => {
      const staff = await createSignedInStaff(target);
      const response = await signIn(staff);
      const header = response.headers.getSetCookie()[0] ?? '';
      expect(header).toMatch(
        /^__Host-studio_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/,
      );
      const token = cookieFrom(response).split('=')[1] ?? '';

      const rows = await readRawRows(app.config, 'staff_sessions');
      const serialized = JSON.stringify(rows);
      expect(serialized).not.toContain(token);
      const hash = createHash('sha256').update(token).digest('hex');
      expect(rows.filter((row) => row.token_hash === hash)).toHaveLength(1);
    });

    it('gives a new ID at every sign-in and never promotes one the browser brought', async () => {
      const staff = await createSignedInStaff(target);
      const planted = `__Host-studio_session=${'A'.repeat(43)}`;
      const fromPlanted = await signIn(staff, planted);
      expect(fromPlanted.status).toBe(200);
      expect(cookieFrom(fromPlanted)).not.toBe(planted);
      expect((await me(planted)).status).toBe(401);

      const again = await signIn(staff, staff.cookie);
      expect(cookieFrom(again)).not.toBe(staff.cookie);
      expect((await me(staff.cookie)).status).toBe(401);
      expect((await me(cookieFrom(again))).status).toBe(200);
    });

    it('ends a session left idle for STUDIO_IDLE_HOURS, and keeps a busy one', async () => {
      const staff = await createSignedInStaff(target);
      clock += 11 * HOUR;
      expect((await me(staff.cookie)).status).toBe(200);
      clock += 11 * HOUR;
      expect((await me(staff.cookie)).status).toBe(200);
      clock += 12 * HOUR;
      const expired = await me(staff.cookie);
      expect(expired.status).toBe(401);
      expect(expired.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    });

    it('ends a session STUDIO_MAX_DAYS after sign-in however busy it is', async () => {
      const staff = await createSignedInStaff(target);
      const started = clock;
      while (clock - started < 14 * 24 * HOUR - 6 * HOUR) {
        clock += 6 * HOUR;
        expect((await me(staff.cookie)).status).toBe(200);
      }
      clock = started + 14 * 24 * HOUR;
      expect((await me(staff.cookie)).status).toBe(401);
    });

    it('lists the caller’s sessions, marks the current one, and ends another of theirs only', async () => {
      const staff = await createSignedInStaff(target);
      const second = cookieFrom(await signIn(staff));
      const list = await studioFetch(target, '/sessions', { cookie: staff.cookie });
      const { items } = (await list.json()) as { items: { id: string; isCurrent: boolean }[] };
      // The welcome link's session, the helper's sign-in and this one.
      expect(items).toHaveLength(3);
      expect(items.filter((item) => item.isCurrent)).toHaveLength(1);

      const otherPerson = await createSignedInStaff(target);
      const otherList = await studioFetch(target, '/sessions', { cookie: otherPerson.cookie });
      const otherId = ((await otherList.json()) as { items: { id: string }[] }).items[0]?.id ?? '';
      const refused = await studioFetch(target, `/sessions/${otherId}`, {
        method: 'DELETE',
        cookie: staff.cookie,
      });
      expect(refused.status).toBe(404);
      expect((await me(otherPerson.cookie)).status).toBe(200);

      const secondList = await studioFetch(target, '/sessions', { cookie: second });
      const secondItems = (
        (await secondList.json()) as { items: { id: string; isCurrent: boolean }[] }
      ).items;
      const secondId = secondItems.find((item) => item.isCurrent)?.id ?? '';
      const ended = await studioFetch(target, `/sessions/${secondId}`, {
        method: 'DELETE',
        cookie: staff.cookie,
      });
      expect(ended.status).toBe(204);
      expect((await me(second)).status).toBe(401);
      expect((await me(staff.cookie)).status).toBe(200);
    });

    it('ends every session of a person removed or reset by the CLI', async () => {
      const removed = await createSignedInStaff(target);
      const reset = await createSignedInStaff(target);
      const cli = (args: string[]) =>
        runStaffCommand(app.store, args, app.config.siteOrigin, new Date(clock));

      expect((await cli(['remove', removed.email])).code).toBe(0);
      expect((await me(removed.cookie)).status).toBe(401);
      expect((await signIn(removed)).status).toBe(401);

      const result = await cli(['reset', reset.email]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`${app.config.siteOrigin}/studio/welcome#token=`);
      expect((await me(reset.cookie)).status).toBe(401);
      expect((await signIn(reset)).status).toBe(401);
      const events = (await app.store.auth.listAudit(100)).map((entry) => entry.event);
      expect(events).toEqual(expect.arrayContaining(['staff_removed', 'staff_reset']));
    });
  });
}

describe.skipIf(isUnavailable(BACKENDS[0]!))('studio session cookie on plain http', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(BACKENDS[0]!, { SITE_URL: 'http://localhost:4406' });
  });
  afterAll(() => app.close());

  it('has no Secure flag and no __Host- prefix, and is still HttpOnly and SameSite=Strict', async () => {
    const target = studioTargetOf(app);
    const staff = await createSignedInStaff(target);
    expect(staff.cookie).toMatch(/^studio_session=/);
    const response = await studioFetch(target, '/session', {
      method: 'POST',
      body: { email: staff.email, password: staff.password },
    });
    expect(response.headers.getSetCookie()[0]).toMatch(
      /^studio_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
  });
});
