import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDialectKeepingCause } from './sqlite-dialect';

type Schema = { notes: { body: string } };

describe('SqliteDialectKeepingCause', () => {
  let db: Kysely<Schema> | null = null;
  afterEach(async () => {
    await db?.destroy();
    db = null;
  });

  it('reports SQLITE_FULL from a transaction that SQLite already rolled back', async () => {
    const database = new BetterSqlite3(':memory:');
    database.exec('create table notes (body text)');
    // This connection may not grow the file: the next page it needs makes the disk "full".
    database.pragma(`max_page_count = ${String(database.pragma('page_count', { simple: true }))}`);
    db = new Kysely<Schema>({ dialect: new SqliteDialectKeepingCause(database) });

    const writing = db.transaction().execute((trx) =>
      trx
        .insertInto('notes')
        .values({ body: 'x'.repeat(100_000) })
        .execute(),
    );

    await expect(writing).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(database.inTransaction).toBe(false);
  });

  it('still rolls back a transaction that is open', async () => {
    const database = new BetterSqlite3(':memory:');
    database.exec('create table notes (body text not null)');
    db = new Kysely<Schema>({ dialect: new SqliteDialectKeepingCause(database) });

    const writing = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'kept?' }).execute();
      throw new Error('changed my mind');
    });

    await expect(writing).rejects.toThrow('changed my mind');
    expect(await db.selectFrom('notes').selectAll().execute()).toEqual([]);
  });

  it('answers a statement run again with its new values, also after the table changed', async () => {
    const database = new BetterSqlite3(':memory:');
    database.exec('create table notes (body text not null)');
    db = new Kysely<Schema>({ dialect: new SqliteDialectKeepingCause(database) });
    const read = (body: string) =>
      db?.selectFrom('notes').selectAll().where('body', '=', body).execute();

    await db.insertInto('notes').values({ body: 'first' }).execute();
    await db.insertInto('notes').values({ body: 'second' }).execute();
    expect(await read('first')).toEqual([{ body: 'first' }]);
    expect(await read('second')).toEqual([{ body: 'second' }]);
    database.exec("alter table notes add column tag text not null default 'none'");
    expect(await read('second')).toEqual([{ body: 'second', tag: 'none' }]);
  });
});
