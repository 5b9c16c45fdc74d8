import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../../server/cli/staff-commands';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  cookieFrom,
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
  type StudioTarget,
} from './helpers/studio-session';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');
if (postgres === undefined) throw new Error('The PostgreSQL backend is always listed');

/**
 * Two instances of the whole app on one PostgreSQL. A session lives only in the store (no
 * instance keeps one in memory), so whatever ends it on one instance ends it on the other
 * with the very next request.
 */
describe.skipIf(isUnavailable(postgres))('a studio session across two instances', () => {
  let first: TestApp;
  let second: TestApp;
  let a: StudioTarget;
  let b: StudioTarget;

  beforeAll(async () => {
    first = await startTestApp(postgres);
    second = await startTestApp(postgres, { DATABASE_URL: first.config.databaseUrl ?? '' });
    a = studioTargetOf(first);
    b = studioTargetOf(second);
  });

  afterAll(async () => {
    // The second uses the first's database, which the first drops on close.
    await second?.close();
    await first?.close();
  });

  const me = (target: StudioTarget, cookie: string) => studioFetch(target, '/me', { cookie });
  const signIn = async (target: StudioTarget, staff: StudioStaff): Promise<string> => {
    const response = await studioFetch(target, '/session', {
      method: 'POST',
      body: { email: staff.email, password: staff.password },
    });
    expect(response.status).toBe(200);
    return cookieFrom(response);
  };

  it('signed in on one instance, signed out there: the other refuses the cookie at once', async () => {
    const staff = await createSignedInStaff(a);
    expect((await me(b, staff.cookie)).status).toBe(200);

    const signOut = await studioFetch(a, '/session', { method: 'DELETE', cookie: staff.cookie });
    expect(signOut.status).toBe(204);

    expect((await me(b, staff.cookie)).status).toBe(401);
    expect((await me(a, staff.cookie)).status).toBe(401);
  });

  it('a session ended from the sessions list on one instance is refused by the other', async () => {
    const staff = await createSignedInStaff(a);
    const laptop = await signIn(b, staff);
    // The laptop's own list, on its instance, names its session.
    const list = await studioFetch(b, '/sessions', { cookie: laptop });
    const { items } = (await list.json()) as { items: { id: string; isCurrent: boolean }[] };
    const laptopSession = items.find((session) => session.isCurrent);
    expect((await me(a, laptop)).status).toBe(200);

    const ended = await studioFetch(a, `/sessions/${laptopSession?.id ?? ''}`, {
      method: 'DELETE',
      cookie: staff.cookie,
    });
    expect(ended.status).toBe(204);

    expect((await me(b, laptop)).status).toBe(401);
    expect((await me(a, laptop)).status).toBe(401);
    expect((await me(b, staff.cookie)).status).toBe(200);
  });

  it('`staff remove` ends every session of that person on every instance', async () => {
    const staff = await createSignedInStaff(a);
    const onB = await signIn(b, staff);
    const colleague = await createSignedInStaff(b);

    const removed = await runStaffCommand(first.store, ['remove', staff.email], a.siteOrigin);
    expect(removed.code).toBe(0);

    for (const [target, cookie] of [
      [a, staff.cookie],
      [b, staff.cookie],
      [a, onB],
      [b, onB],
    ] as const) {
      expect((await me(target, cookie)).status).toBe(401);
    }
    expect((await me(a, colleague.cookie)).status).toBe(200);
  });
});
