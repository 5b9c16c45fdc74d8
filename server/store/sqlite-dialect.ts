import type BetterSqlite3 from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

/**
 * After SQLITE_FULL, SQLITE_IOERR and some other errors SQLite has already rolled the open
 * transaction back by itself. Kysely's ROLLBACK then fails with "cannot rollback - no
 * transaction is active" and that error replaces the real one, so a full or read-only disk
 * would look like a bug instead of an unavailable store. Only a transaction that is still open
 * is rolled back.
 */
class SqliteDriverKeepingCause extends SqliteDriver {
  readonly #database: BetterSqlite3.Database;

  constructor(database: BetterSqlite3.Database) {
    super({ database });
    this.#database = database;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** Kysely's SQLite dialect, but a failed transaction reports why it failed. */
export class SqliteDialectKeepingCause extends SqliteDialect {
  readonly #database: BetterSqlite3.Database;

  constructor(database: BetterSqlite3.Database) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingCause(this.#database);
  }
}
