import { StoreUnavailableError } from '../db/store-unavailable-error';

/**
 * The store cannot write because its disk is full: a 503 like any outage, but named
 * `storage_full`, so the operator and the studio know what to free instead of waiting.
 */
export class StorageFullError extends StoreUnavailableError {
  override name = 'StorageFullError';
}

/** SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100), or the system's ENOSPC. */
const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC']);

/** True when `error`, or an error it was caused by, says the disk is full. */
export function isStorageFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if ('code' in cause && typeof cause.code === 'string' && FULL_CODES.has(cause.code)) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}
