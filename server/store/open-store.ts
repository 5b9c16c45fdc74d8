import { openPostgresStore } from './postgres-store';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';
import type { Log } from '../log';

export type OpenStoreOptions = {
  /** Holds the SQLite file when no databaseUrl is given. */
  dataDir: string;
  /** A postgres:// URL switches storage to PostgreSQL. */
  databaseUrl?: string | null;
  /** Where the store reports trouble it works around by itself. */
  log?: Log;
};

/** Opens the configured database and migrates it; throws StoreUnavailableError if unreachable. */
export function openStore({ dataDir, databaseUrl, log }: OpenStoreOptions): Promise<Store> {
  return databaseUrl === undefined || databaseUrl === null || databaseUrl === ''
    ? openSqliteStore({ dataDir, log })
    : openPostgresStore({ connectionString: databaseUrl, migrationLog: log });
}
