import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { openStore } from '../../server/store/open-store';
import type { StoredEnquiry } from '../../server/store/enquiries/enquiry-types';
import { builtServer, runBuiltCli } from '../support/built-app';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/local-smtp-server';
import { TEST_CHALLENGE_SECRET } from '../support/challenge-solver';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** The mail server takes this long per message, so the outbox still holds emails at backup time. */
const SLOW_SMTP_MS = 300;

type ServerProcess = { url: string; child: ChildProcess; stop(): Promise<void> };

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [builtServer()], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{"time"')) return;
      const entry = JSON.parse(line) as { msg?: string; url?: string };
      if (entry.msg === 'listening' && entry.url !== undefined) resolve(entry.url);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function cli(dataDir: string, ...args: string[]) {
  return runBuiltCli(args, { PATH: process.env.PATH ?? '', DATA_DIR: dataDir });
}

async function readEnquiries(dataDir: string): Promise<Map<string, StoredEnquiry>> {
  const store = await openStore({ dataDir });
  try {
    const enquiries = await store.listEnquiries({ limit: 100_000 });
    return new Map(enquiries.map((enquiry) => [enquiry.id, enquiry]));
  } finally {
    await store.close();
  }
}

/** The enquiries whose email still waits in the outbox, read straight from the file. */
function queuedIds(dataDir: string): Set<string> {
  const database = new BetterSqlite3(path.join(dataDir, 'ember-and-ink.sqlite'), {
    readonly: true,
  });
  try {
    const rows = database.prepare<[], { id: string }>('select enquiry_id as id from outbox').all();
    return new Set(rows.map((row) => row.id));
  } finally {
    database.close();
  }
}

describe('backup and restore', { timeout: 120_000 }, () => {
  let root: string;
  let siteDir: string;
  let liveDataDir: string;
  let smtp: LocalSmtpServer;
  let live: ServerProcess;
  let delivered = 0;

  const serverEnv = (dataDir: string, smtpUrl: string) => ({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: siteDir,
    SITE_URL: FIXTURE_SITE_URL,
    SMTP_URL: smtpUrl,
    RATE_LIMIT_MAX: '100000',
    // The client solves its challenges with this secret: every enquiry is real and emailed.
    CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
    // The email in flight when the backup is taken is leased in the copy too: the restored server
    // sends it once the lease has run out, which here is soon.
    OUTBOX_LEASE_MS: '2000',
  });

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-backup-'));
    siteDir = await writeFixtureSite(root);
    liveDataDir = path.join(root, 'live');
    smtp = await startLocalSmtpServer({
      async onMessage() {
        await new Promise((resolve) => setTimeout(resolve, SLOW_SMTP_MS));
        delivered += 1;
      },
    });
    live = await startServer(serverEnv(liveDataDir, smtp.url));
  });

  afterAll(async () => {
    await live?.stop();
    await smtp?.close();
    await rm(root, { recursive: true, force: true });
  });

  const post = async (url: string): Promise<string> => {
    const answer = await postJson(`${url}${CONTACT_ENDPOINT}`, validEnquiry());
    expect(answer.status).toBe(201);
    return idOf(answer.body);
  };

  it('copies a running server that takes enquiries; the copy starts a server with every acknowledged enquiry and its outbox', async () => {
    const acknowledged = await Promise.all(Array.from({ length: 24 }, () => post(live.url)));
    await expect.poll(() => delivered, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const beforeBackup = await readEnquiries(liveDataDir);
    const sentBeforeBackup = [...beforeBackup.values()]
      .filter((enquiry) => enquiry.delivery.status === 'sent')
      .map((enquiry) => enquiry.id);
    expect(sentBeforeBackup.length).toBeGreaterThanOrEqual(1);

    // A burst of enquiries keeps the server writing while the backup runs.
    const backupFile = path.join(root, 'enquiries-backup.sqlite');
    let isBackingUp = true;
    const burst = (async () => {
      const ids: string[] = [];
      while (isBackingUp) ids.push(...(await Promise.all([1, 2, 3].map(() => post(live.url)))));
      return ids;
    })();
    const backup = await cli(liveDataDir, 'backup', backupFile).finally(() => {
      isBackingUp = false;
    });
    const duringBackup = await burst;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`to ${backupFile}`);
    expect(duringBackup.length).toBeGreaterThan(0);

    const restoredDataDir = path.join(root, 'restored');
    const restore = await cli(restoredDataDir, 'restore', backupFile);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);

    const restored = await readEnquiries(restoredDataDir);
    const queued = queuedIds(restoredDataDir);
    for (const id of acknowledged) {
      const enquiry = restored.get(id);
      expect(enquiry, id).toBeDefined();
      expect(['sent', 'pending']).toContain(enquiry?.delivery.status);
      expect(queued.has(id), id).toBe(enquiry?.delivery.status === 'pending');
    }
    for (const id of sentBeforeBackup) expect(restored.get(id)?.delivery.status).toBe('sent');
    const stillQueued = acknowledged.filter((id) => queued.has(id));
    expect(stillQueued.length).toBeGreaterThan(0);
    // The copy is one commit's state: an enquiry and its outbox row are there together or not at all.
    for (const enquiry of restored.values()) {
      expect(queued.has(enquiry.id)).toBe(enquiry.delivery.status === 'pending');
    }

    // A new server on the restored folder serves, and sends what was still queued.
    const received: string[] = [];
    const secondSmtp = await startLocalSmtpServer({
      onMessage(mail) {
        received.push(mail.replyTo?.value[0]?.address ?? '');
      },
    });
    const revived = await startServer(serverEnv(restoredDataDir, secondSmtp.url));
    try {
      expect((await fetch(`${revived.url}/readyz`)).status).toBe(200);
      const emailOf = (id: string) => restored.get(id)?.email ?? '';
      await expect
        .poll(() => stillQueued.every((id) => received.includes(emailOf(id))), { timeout: 30_000 })
        .toBe(true);
      for (const id of sentBeforeBackup) expect(received).not.toContain(emailOf(id));
      await post(revived.url);
    } finally {
      await revived.stop();
      await secondSmtp.close();
    }
  });

  it('refuses to overwrite a file, and leaves it as it was', async () => {
    const existing = path.join(root, 'existing.sqlite');
    await writeFile(existing, 'keep me');
    const result = await cli(liveDataDir, 'backup', existing);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${existing} already exists`);
    expect(await readFile(existing, 'utf8')).toBe('keep me');
  });

  it('refuses to restore into a DATA_DIR that is not empty, and changes nothing there', async () => {
    const backupFile = path.join(root, 'for-refusals.sqlite');
    expect((await cli(liveDataDir, 'backup', backupFile)).code).toBe(0);
    const occupied = path.join(root, 'occupied');
    await mkdir(occupied);
    await writeFile(path.join(occupied, 'notes.txt'), 'mine');
    const result = await cli(occupied, 'restore', backupFile);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not empty; restore only into an empty or new folder/);
    expect(await readdir(occupied)).toEqual(['notes.txt']);

    const overLive = await cli(liveDataDir, 'restore', backupFile);
    expect(overLive.code).toBe(1);
    expect(overLive.stderr).toMatch(/is not empty/);
  });

  it('refuses a missing, garbage, truncated or foreign file with a clear error and creates nothing', async () => {
    const good = await readFile(path.join(root, 'for-refusals.sqlite'));
    const garbage = path.join(root, 'garbage.sqlite');
    await writeFile(garbage, Buffer.from('this is not a database, only some words'.repeat(200)));
    const truncated = path.join(root, 'truncated.sqlite');
    await writeFile(truncated, good.subarray(0, Math.floor(good.length / 2)));
    const foreign = path.join(root, 'foreign.sqlite');
    const other = new BetterSqlite3(foreign);
    other.exec('create table notes (body text)');
    other.close();
    const newer = path.join(root, 'newer.sqlite');
    await writeFile(newer, good);
    const future = new BetterSqlite3(newer);
    future
      .prepare('insert into kysely_migration (name, timestamp) values (?, ?)')
      .run('9999-from-a-newer-version', new Date().toISOString());
    future.close();

    const cases: [string, RegExp][] = [
      [path.join(root, 'missing.sqlite'), /There is no file .*missing\.sqlite/],
      [garbage, /garbage\.sqlite cannot be restored: .*not a .*database/],
      [truncated, /truncated\.sqlite cannot be restored: /],
      [foreign, /foreign\.sqlite cannot be restored: it is not a database of this site/],
      [newer, /newer\.sqlite cannot be restored: it was made by a newer version of the site/],
    ];
    for (const [file, message] of cases) {
      const target = path.join(root, `target-${path.basename(file)}`);
      const result = await cli(target, 'restore', file);
      expect(result.code, file).toBe(1);
      expect(result.stderr, file).toMatch(message);
      expect(existsSync(target), file).toBe(false);
    }
  });

  it('points a PostgreSQL configuration at pg_dump', async () => {
    const { stderr } = await runBuiltCli(['backup', 'x.sqlite'], {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: 'postgres://ember@127.0.0.1:1/none',
    });
    expect(stderr).toMatch(/PostgreSQL.*pg_dump/);
  });
});
