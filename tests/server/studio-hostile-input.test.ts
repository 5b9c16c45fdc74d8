import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_API_BASE } from '../../server/studio/studio-app';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';
import { STUDIO_HOSTILE_CASES } from './hostile-cases';
import { sendHostileTo } from './hostile-request';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(
    `hostile input to the studio API (${backend.name})`,
    () => {
      let app: TestApp;
      let staff: StudioStaff;

      beforeAll(async () => {
        app = await startTestApp(backend, { STUDIO_SIGN_IN_MAX_PER_IP: '100000' });
        staff = await createSignedInStaff(studioTargetOf(app));
      });
      afterAll(() => app.close());

      it.each(STUDIO_HOSTILE_CASES.map((testCase) => [testCase.label, testCase] as const))(
        '%s',
        async (_label, testCase) => {
          const response = await sendHostileTo(`${app.url}${STUDIO_API_BASE}${testCase.path}`, {
            method: testCase.method,
            headers: {
              'content-type': 'application/json',
              origin: app.config.siteOrigin,
              ...(testCase.isSignedIn ? { cookie: staff.cookie } : {}),
              ...testCase.headers,
            },
            body: testCase.body,
          });
          expect(response.status).toBe(testCase.expected.status);
          if (testCase.expected.error !== undefined) {
            expect(JSON.parse(response.text)).toEqual({
              success: false,
              error: testCase.expected.error,
            });
          }
          expect(response.headers.get('cache-control')).toBe('no-store');
          const me = await studioFetch(studioTargetOf(app), '/me', {
            cookie: staff.cookie,
          });
          expect(me.status, 'the session still works').toBe(200);
        },
      );

      it('logged no server error', () => {
        expect(app.logs.filter((entry) => entry.level === 'error')).toEqual([]);
      });
    },
  );
}
