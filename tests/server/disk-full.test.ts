import BetterSqlite3 from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { openStore } from '../../server/store/open-store';
import { SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import type { Store } from '../../server/store/store';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { runBuiltCli } from '../support/built-app';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { errorOf, idOf, postJson, validEnquiry } from './helpers/api-client';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import { holdWal } from './helpers/hold-wal';
import { saveDraftEdit } from './helpers/site-publishing';
import { createSignedInStaff } from './helpers/studio-session';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;
if (!isRoot) {
  const message = 'mounting a small tmpfs needs root: the full-disk test is skipped.';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
}
/** Small enough to fill in a moment, big enough for the server's first start. */
const DISK = '8m';
const MOST_POSTS = 400;
const BACK_WITHIN_MS = 5_000;
const LONG_MESSAGE = 'A long brief for a brand, written out in full. '.repeat(80);

/**
 * Writes zeros into `file` until the disk refuses more, then gives `leave` bytes back, so a
 * few writes still fit; answers how many bytes it kept.
 */
async function fillDisk(file: string, leave = 0): Promise<number> {
  const handle = await open(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  let written = 0;
  try {
    for (;;) {
      const { bytesWritten } = await handle.write(chunk);
      written += bytesWritten;
      if (bytesWritten < chunk.length) break;
    }
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOSPC')) throw error;
  }
  await handle.truncate(Math.max(0, written - leave));
  await handle.close();
  return Math.max(0, written - leave);
}

describe.skipIf(!isRoot)('a full disk under SQLite', () => {
  let root: string;
  let disk: string;
  let dataDir: string;
  let server: ServerProcess;
  let store: Store;
  let releaseWal = (): void => undefined;
  let cookie: string;
  const filler = () => path.join(disk, 'filler');

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-disk-full-'));
    disk = path.join(root, 'disk');
    await mkdir(disk);
    await run('mount', ['-t', 'tmpfs', '-o', `size=${DISK}`, 'tmpfs', disk]);
    dataDir = path.join(disk, 'data');
    server = await startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: await writeFixtureSite(root),
        SITE_URL: FIXTURE_SITE_URL,
        RATE_LIMIT_MAX: '100000',
        CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
      },
      path.join(root, 'server.log'),
    );
    store = await openStore({ dataDir });
    cookie = (await createSignedInStaff({ url: server.url, store, siteOrigin: FIXTURE_SITE_URL }))
      .cookie;
  });

  afterAll(async () => {
    // A failed run leaves the WAL held; its open file would keep the disk from unmounting.
    releaseWal();
    await server?.kill('SIGTERM');
    await store?.close();
    await run('umount', [disk]).catch(() => undefined);
    await rm(root, { recursive: true, force: true });
  });

  const post = () =>
    postJson(`${server.url}${CONTACT_ENDPOINT}`, validEnquiry({ message: LONG_MESSAGE }));

  it('refuses posts 503 storage_full, keeps every one it acknowledged, and recovers by itself', async () => {
    releaseWal = holdWal(path.join(dataDir, SQLITE_FILE_NAME));
    // The studio says why, too. Asked first, on a disk full to its last byte: a write that fails
    // leaves its pages in the WAL for the next one, so after the refused posts below a small save
    // could still fit where a refused enquiry had been.
    const lastBytes = path.join(disk, 'last-bytes');
    await fillDisk(lastBytes);
    const save = await saveDraftEdit(
      { url: server.url, siteOrigin: FIXTURE_SITE_URL },
      cookie,
      (content) => {
        content.testimonials.items[0]!.quote = `Saved on a full disk at ${Date.now()}`;
      },
    ).catch((error: unknown) => String(error));
    expect(save).toMatch(/503.*storage_full/);
    await rm(lastBytes);

    const filled = await fillDisk(filler(), 1024 * 1024);
    const acknowledged: string[] = [];
    const refusals: { status: number; error: string; retryAfter: string | null }[] = [];
    for (let count = 0; count < MOST_POSTS && refusals.length < 5; count += 1) {
      const answer = await post();
      if (answer.status === 201) acknowledged.push(idOf(answer.body));
      else {
        refusals.push({
          status: answer.status,
          error: errorOf(answer.body),
          retryAfter: answer.headers.get('retry-after'),
        });
      }
    }
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refusals.length).toBe(5);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ status: 503, error: 'storage_full' });
      expect(refusal.retryAfter).not.toBeNull();
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    releaseWal();
    await rm(filler());
    const freed = performance.now();
    let isBack = false;
    while (!isBack && performance.now() - freed < BACK_WITHIN_MS) {
      const answer = await post();
      if (answer.status === 201) {
        acknowledged.push(idOf(answer.body));
        isBack = true;
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const recoveredMs = Math.round(performance.now() - freed);
    console.info(
      `disk filled with ${filled} bytes on a busy machine: ${acknowledged.length - 1} posts stored first, ` +
        `then 503 storage_full; posting again ${recoveredMs} ms after space returned`,
    );
    expect(isBack).toBe(true);

    const database = new BetterSqlite3(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      const stored = database
        .prepare(`select id from enquiries where id in (${acknowledged.map(() => '?').join(',')})`)
        .all(...acknowledged);
      expect(stored).toHaveLength(acknowledged.length);
    } finally {
      database.close();
    }
    expect(server.logs.some((entry) => entry.msg === 'stopped')).toBe(false);
  });

  it('fails a backup to the full disk cleanly, leaving no partial file', async () => {
    await fillDisk(filler());
    const before = await readdir(disk);
    const backup = await runBuiltCli(['backup', path.join(disk, 'backup.sqlite')], {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      SITE_URL: FIXTURE_SITE_URL,
    });
    expect(backup.code).not.toBe(0);
    expect(backup.stderr).toMatch(/The backup failed/);
    expect(backup.stderr).not.toMatch(/\n[ \t]+at /);
    expect(await readdir(disk)).toEqual(before);
    await rm(filler());
  });
});
