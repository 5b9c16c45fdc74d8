import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createKyselyStore } from './kysely-store';
import { migrateToLatest } from './migrate-to-latest';
import type { Database } from './db/schema';
import { logPoolOutages } from './db/pool-outage-log';
import { StoreUnavailableError } from './db/store-unavailable-error';
import type { Store } from './store';
import type { Log } from '../log';

const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs meaning "cannot serve you now": 08 connection exceptions, 53 insufficient
 * resources (disk full, too many connections), 57P01-57P03 shutdown or start-up in progress,
 * 25006 a read-only (standby) server.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || code.startsWith('53') || /^57P0[123]$/.test(code) || code === '25006'
  );
}

/** pg reports lost or refused connections with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
];

export function isPostgresUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (UNAVAILABLE_NETWORK_CODES.has(code) || isUnavailableSqlState(code)) return true;
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message))) return true;
  if (error instanceof AggregateError) return error.errors.some(isPostgresUnavailable);
  return error.cause !== undefined && isPostgresUnavailable(error.cause);
}

export type PostgresStoreOptions = {
  connectionString: string;
  /** How long a request waits for a connection before the store reports unavailable. */
  connectTimeoutMs?: number;
  log?: (message: string) => void;
  /** Where each migration run at open is reported ("migrating", "migrated"). */
  migrationLog?: Log;
};

export async function openPostgresStore({
  connectionString,
  connectTimeoutMs = 5000,
  log = console.error,
  migrationLog,
}: PostgresStoreOptions): Promise<Store> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // The failed query is rejected anyway, and the pool replaces broken connections on demand,
  // which is how the store recovers once the database is back.
  logPoolOutages(pool, log);

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateToLatest(db, 'postgres', migrationLog);
  } catch (error) {
    await db.destroy();
    throw isPostgresUnavailable(error)
      ? new StoreUnavailableError('Cannot reach PostgreSQL', { cause: error })
      : error;
  }
  return createKyselyStore({ db, dialect: 'postgres', isUnavailable: isPostgresUnavailable });
}
