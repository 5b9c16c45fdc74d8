import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

describe.each(BACKENDS)('how a person hears that a client answered ($name)', (backend) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it.skipIf(isUnavailable(backend))(
    'is immediately by default, changes with PATCH me, and refuses what is not a choice',
    async () => {
      app = await startTestApp(backend);
      const target = studioTargetOf(app);
      const { cookie } = await createSignedInStaff(target);
      const notifyOf = async () => {
        const me = (await (await studioFetch(target, '/me', { cookie })).json()) as {
          staff: { notify: string };
        };
        return me.staff.notify;
      };
      expect(await notifyOf()).toBe('immediately');

      const changed = await studioFetch(target, '/me', {
        method: 'PATCH',
        body: { notify: 'digest' },
        cookie,
      });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ notify: 'digest' });
      expect(await notifyOf()).toBe('digest');

      for (const notify of ['hourly', '', null, 3]) {
        const refused = await studioFetch(target, '/me', {
          method: 'PATCH',
          body: { notify },
          cookie,
        });
        expect(refused.status).toBe(400);
      }
      expect(await notifyOf()).toBe('digest');
    },
  );
});
