/** The stores every HTTP suite runs against: SQLite always, PostgreSQL when a URL is given. */
export type Backend = { name: 'sqlite' | 'postgres'; databaseUrl: string | undefined };

const postgresUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

if (postgresUrl === undefined) {
  if (process.env.CI === 'true') {
    throw new Error(
      'TEST_DATABASE_URL must be set when CI=true: the HTTP suite has to run against PostgreSQL.',
    );
  }
  console.warn(
    '\n!!! SKIPPING the PostgreSQL run of the HTTP tests: set TEST_DATABASE_URL=postgres://user:pass@host/db to run it.\n',
  );
}

export const BACKENDS: readonly Backend[] = [
  { name: 'sqlite', databaseUrl: undefined },
  { name: 'postgres', databaseUrl: postgresUrl },
];

/** True when the backend cannot run here; vitest then lists its tests as skipped. */
export function isUnavailable(backend: Backend): boolean {
  return backend.name === 'postgres' && backend.databaseUrl === undefined;
}
