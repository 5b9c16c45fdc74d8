import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer';

const PAGE = 4096;

describe('the WAL checkpointer', () => {
  let dir: string;
  let file: string;
  let database: BetterSqlite3.Database;
  let checkpointer: WalCheckpointer | undefined;
  const logged: string[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wal-checkpointer-'));
    file = path.join(dir, 'site.sqlite');
    database = new BetterSqlite3(file);
    database.pragma('journal_mode = WAL');
    database.exec('create table notes (body text not null)');
    logged.length = 0;
  });

  afterEach(async () => {
    await checkpointer?.stop();
    checkpointer = undefined;
    if (database.open) database.close();
    await rm(dir, { recursive: true, force: true });
  });

  function start({ at = file, intervalMs = 20 } = {}): WalCheckpointer {
    checkpointer = startWalCheckpointer({
      file: at,
      database,
      busyTimeoutMs: 1000,
      intervalMs,
      log: (_level, msg, fields) => logged.push(`${msg}: ${String(fields?.reason)}`),
    });
    return checkpointer;
  }

  function autocheckpointPages(): unknown {
    return database.pragma('wal_autocheckpoint', { simple: true });
  }

  async function until(isTrue: () => boolean): Promise<void> {
    for (let waited = 0; !isTrue(); waited += 10) {
      if (waited > 5000) throw new Error('gave up waiting');
      await sleep(10);
    }
  }

  /** About 4 MB of committed pages, more than SQLite's own checkpoint would leave in the WAL. */
  function writeManyPages(): void {
    const insert = database.prepare('insert into notes (body) values (?)');
    for (let batch = 0; batch < 40; batch += 1) {
      database.transaction(() => {
        for (let row = 0; row < 25; row += 1) insert.run('x'.repeat(PAGE));
      })();
    }
  }

  it('takes every checkpoint off the store connection', async () => {
    start({ intervalMs: 60_000 });
    await until(() => autocheckpointPages() === 0);
    const sizeBefore = statSync(file).size;
    writeManyPages();
    // SQLite's own checkpoint would have copied pages into the file after the first thousand.
    expect(statSync(file).size).toBe(sizeBefore);
  });

  it('copies committed pages into the database file by itself', async () => {
    start();
    await until(() => autocheckpointPages() === 0);
    writeManyPages();
    await until(() => statSync(file).size > 1000 * PAGE);
    expect(logged).toEqual([]);
  });

  it('closes its own connection on stop, so closing the store ends the WAL', async () => {
    const running = start();
    await until(() => autocheckpointPages() === 0);
    writeManyPages();
    await running.stop();
    database.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(new BetterSqlite3(file).prepare('select count(*) as n from notes').get()).toEqual({
      n: 1000,
    });
  });

  it('cuts the WAL to nothing when asked, copying every page into the file first', async () => {
    const running = start({ intervalMs: 60_000 });
    await until(() => autocheckpointPages() === 0);
    writeManyPages();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(1000 * PAGE);
    expect(await running.truncateWal()).toBe(true);
    expect(statSync(`${file}-wal`).size).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(1000 * PAGE);
  });

  it('cuts the WAL on the store connection once the worker is gone', async () => {
    const running = start({ at: path.join(dir, 'missing.sqlite') });
    await until(() => logged.length > 0);
    writeManyPages();
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    expect(await running.truncateWal()).toBe(true);
    expect(statSync(`${file}-wal`).size).toBe(0);
  });

  it('gives checkpointing back to the store and says so when the worker cannot open the file', async () => {
    start({ at: path.join(dir, 'missing.sqlite') });
    await until(() => logged.length > 0);
    expect(logged).toEqual([
      expect.stringMatching(/^SQLite checkpoints are back on the main thread: SQLITE_CANTOPEN/),
    ]);
    expect(autocheckpointPages()).toBe(1000);
    writeManyPages();
    // SQLite's own checkpoint runs again on the store's connection.
    expect(statSync(file).size).toBeGreaterThan(500 * PAGE);
  });
});
