import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { listMigrations, MIGRATION_NAMES } from '../../server/store/migrate-to-latest';

/**
 * Kysely's own bookkeeping is not the migration's doing. Reads are kept: a string that starts
 * with one may hold more statements, and the policy reads each for what it does.
 */
function isTheMigrationsOwn(statement: string): boolean {
  return !/kysely_migration/i.test(statement);
}

/**
 * Runs every migration, in order, on the empty PostgreSQL database at `url`, and returns the
 * statements each one sent, by name. On empty tables a migration that writes rows a batch at a
 * time (0032) sends none of its writes, so the policy cannot judge them: such a migration's
 * locks are measured over 100,000 rows by `measure-locks.ts` instead (docs/reliability.md).
 */
export async function recordMigrationSql(url: string): Promise<Map<string, string[]>> {
  const sent = new Map<string, string[]>();
  let running = '';
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }),
    log: (event) => {
      if (event.level === 'query' && isTheMigrationsOwn(event.query.sql)) {
        sent.get(running)?.push(event.query.sql);
      }
    },
  });
  try {
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(listMigrations('postgres')) },
    });
    for (const name of MIGRATION_NAMES) {
      running = name;
      sent.set(name, []);
      const { error } = await migrator.migrateTo(name);
      if (error !== undefined) throw new Error(`Migration ${name} failed`, { cause: error });
    }
  } finally {
    await db.destroy();
  }
  return sent;
}
