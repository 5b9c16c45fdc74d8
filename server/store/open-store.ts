import { openPostgresStore } from './postgres-store';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

export type OpenStoreOptions = {
  /** Holds the SQLite file when no databaseUrl is given. */
  dataDir: string;
  /** A postgres:// URL switches storage to PostgreSQL. */
  databaseUrl?: string | null;
};

/** Opens the configured database and migrates it; throws StoreUnavailableError if unreachable. */
export function openStore({ dataDir, databaseUrl }: OpenStoreOptions): Promise<Store> {
  return databaseUrl === undefined || databaseUrl === null || databaseUrl === ''
    ? openSqliteStore({ dataDir })
    : openPostgresStore({ connectionString: databaseUrl });
}
