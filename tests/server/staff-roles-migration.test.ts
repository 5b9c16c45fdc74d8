import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { legacyBackends } from './helpers/legacy-database';

const backends = legacyBackends('ember-staff-roles-migration-');

describe.each(backends)('the staff names and roles migration ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps everyone an owner, named after their address, with no signature', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo('0021-booking-availability');
    const person = (id: string, email: string) =>
      sql`insert into staff (id, email, email_key, password_hash, created_at)
          values (${id}, ${email}, ${email.toLowerCase()}, 'hash', '2026-03-02T10:00:00.000Z')`.execute(
        legacy.db,
      );
    await person('40000000-0000-4000-8000-000000000001', 'sam.rivera@emberandink.example');
    await person('40000000-0000-4000-8000-000000000002', 'JO@emberandink.example');
    await legacy.release();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    const staff = await store.auth.listStaff();
    expect(staff.map(({ name, role, signature }) => ({ name, role, signature }))).toEqual([
      { name: 'JO', role: 'owner', signature: '' },
      { name: 'Sam Rivera', role: 'owner', signature: '' },
    ]);
  });
});
