/** The stores every HTTP suite runs against: SQLite always, PostgreSQL when a URL is given. */
export type Backend = { name: 'sqlite' | 'postgres'; databaseUrl: string | undefined };

/**
 * The PostgreSQL server for tests. Unset: CI fails (the suite must not silently shrink);
 * locally the PostgreSQL half is skipped with a warning that says how to enable it.
 */
export function readTestDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url !== undefined && url !== '') return url;
  if (process.env.CI === 'true') {
    throw new Error('TEST_DATABASE_URL must be set in CI so the PostgreSQL store is tested.');
  }
  console.warn(
    'SKIPPING the PostgreSQL half of the server tests: TEST_DATABASE_URL is not set. To run it:\n' +
      '  pg_ctlcluster 15 main start\n' +
      `  su postgres -c "psql -c \\"create role ember login superuser password 'ember'\\""\n` +
      '  TEST_DATABASE_URL=postgres://ember:ember@127.0.0.1:5432/postgres npm run test:unit',
  );
  return undefined;
}

const postgresUrl = readTestDatabaseUrl();

export const BACKENDS: readonly Backend[] = [
  { name: 'sqlite', databaseUrl: undefined },
  { name: 'postgres', databaseUrl: postgresUrl },
];

/** True when the backend cannot run here; vitest then lists its tests as skipped. */
export function isUnavailable(backend: Backend): boolean {
  return backend.name === 'postgres' && backend.databaseUrl === undefined;
}
