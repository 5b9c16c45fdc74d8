import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/store/migrate-to-latest';
import { legacyBackends } from './helpers/legacy-database';

const backends = legacyBackends('ember-rollback-');

describe.each(backends)('a build started against a newer schema ($name)', ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('serves against the schema the next release migrated, so rolling back works', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo(MIGRATION_NAMES.at(-1) ?? '');
    await sql`insert into kysely_migration (name, timestamp)
      values ('9999-the-next-release', '2027-01-01T00:00:00.000Z')`.execute(legacy.db);
    await legacy.release();

    const store = await legacy.openStore();
    cleanups.push(() => store.close());
    expect(await store.countInbox()).toEqual({ new: 0, read: 0, archived: 0, spam: 0 });
  });

  it('refuses to start against a schema that skipped one of its own migrations', async () => {
    const legacy = await create();
    cleanups.push(() => legacy.dispose());
    await legacy.migrateTo(MIGRATION_NAMES.at(-2) ?? '');
    await sql`insert into kysely_migration (name, timestamp)
      values ('9999-the-next-release', '2027-01-01T00:00:00.000Z')`.execute(legacy.db);
    await legacy.release();

    await expect(legacy.openStore()).rejects.toThrow(/9999-the-next-release/);
  });
});
