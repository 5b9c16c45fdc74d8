import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const MINUTE = 60 * 1000;
const EXPORTS = [
  ['export?format=csv', 'enquiries.export', 'format=csv'],
  ['subscribers/export?format=json', 'subscribers.export', 'format=json'],
] as const;

describe('exports need a fresh proof and are audited (sqlite)', () => {
  let app: TestApp;
  let clock = Date.now();

  beforeAll(async () => {
    app = await startTestApp({ name: 'sqlite', databaseUrl: undefined }, {}, { now: () => clock });
  });
  afterAll(() => app.close());

  it('hands over the lists only within five minutes of a password, each in the audit log', async () => {
    const target = studioTargetOf(app, () => clock);
    const staff = await createSignedInStaff(target);
    const get = (path: string) => studioFetch(target, `/${path}`, { cookie: staff.cookie });

    for (const [path, event, detail] of EXPORTS) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      const audit = await app.store.auth.listAudit(50);
      expect(
        audit.filter((entry) => entry.event === event),
        path,
      ).toMatchObject([{ email: staff.email, detail }]);
    }

    clock += 6 * MINUTE;
    for (const [path, event] of EXPORTS) {
      const refused = await get(path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toEqual({ success: false, error: 'reauthentication_required' });
      const audit = await app.store.auth.listAudit(50);
      expect(
        audit.filter((entry) => entry.event === event),
        path,
      ).toHaveLength(1);
    }

    const proven = await studioFetch(target, '/session/reauthentication', {
      method: 'POST',
      cookie: staff.cookie,
      body: { password: staff.password },
    });
    expect(proven.status).toBe(200);
    for (const [path] of EXPORTS) expect((await get(path)).status, path).toBe(200);
  });
});
