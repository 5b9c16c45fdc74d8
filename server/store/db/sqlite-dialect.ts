import type BetterSqlite3 from 'better-sqlite3';
import {
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
} from 'kysely';

/** Enough for every statement the store runs; past it the cache starts over. */
const MAX_CACHED_STATEMENTS = 200;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles a statement at every
 * prepare; the store runs the same few statements over and over, so each is compiled once.
 * (A cached statement could not be read by two streams at once; the store never streams.)
 */
function withStatementCache(database: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => database.close(),
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.clear();
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

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
    super({ database: withStatementCache(database) });
    this.#database = database;
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#database.inTransaction) await super.rollbackTransaction(connection);
  }
}

/** Kysely's SQLite dialect, compiling each statement once, with failed transactions reporting why. */
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
