import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { builtCli, builtServer, builtServerEnv, waitUntilListening } from '../support/built-app';
import { solvedChallenge } from '../support/challenge-solver';
import { postJson, validEnquiry } from './helpers/api-client';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/**
 * What a shell usually starts programs with (group and others may read new files): the server
 * and the CLI must make their files private whatever umask they inherit.
 */
const LAX_UMASK = ['/bin/sh', '-c', 'umask 022 && exec "$0" "$@"', process.execPath];

type Entry = { path: string; kind: 'folder' | 'file'; mode: number };

/** Every folder and file under `root` (itself included), with its permission bits. */
async function listModes(root: string): Promise<Entry[]> {
  const info = await stat(root);
  const entries: Entry[] = [
    { path: root, kind: info.isDirectory() ? 'folder' : 'file', mode: info.mode & 0o777 },
  ];
  if (info.isDirectory()) {
    for (const name of await readdir(root))
      entries.push(...(await listModes(path.join(root, name))));
  }
  return entries;
}

/** The entries whose mode lets anyone but the owner in: folders must be 0700, files 0600. */
function notPrivate(entries: Entry[]): string[] {
  return entries
    .filter((entry) => entry.mode !== (entry.kind === 'folder' ? 0o700 : 0o600))
    .map((entry) => `${entry.path} ${entry.mode.toString(8)}`);
}

function cli(dataDir: string, ...args: string[]) {
  const [shell = '', ...shellArgs] = LAX_UMASK;
  return promisify(execFile)(shell, [...shellArgs, builtCli(), ...args], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
  });
}

describe('the files the server and the CLI create', () => {
  let root: string;
  let siteDir: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-private-files-'));
    siteDir = await writeFixtureSite(path.join(root, 'site'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('are readable by their owner only: database, -wal, -shm, mailbox, challenge key, backup, restore', async () => {
    const dataDir = path.join(root, 'data');
    const [shell = '', ...shellArgs] = LAX_UMASK;
    const server = spawn(shell, [...shellArgs, builtServer()], {
      cwd: PROJECT_ROOT,
      env: builtServerEnv({ DATA_DIR: dataDir, DIST_DIR: siteDir, SITE_URL: FIXTURE_SITE_URL }),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    try {
      const url = await waitUntilListening(server);

      // No CHALLENGE_SECRET: the server made its own key; a visitor's solution is signed by it.
      const secret = (await readFile(path.join(dataDir, 'challenge-secret'), 'utf8')).trim();
      const enquiry = { ...validEnquiry(), altcha: await solvedChallenge({ secret }) };
      expect((await postJson(`${url}${CONTACT_ENDPOINT}`, enquiry)).status).toBe(201);
      const mailbox = path.join(dataDir, 'mailbox');
      await expect
        .poll(async () => (await readdir(mailbox).catch(() => [])).length, { timeout: 10_000 })
        .toBe(1);

      const backups = path.join(root, 'backups');
      await mkdir(backups);
      const backup = path.join(backups, 'nightly.sqlite');
      await cli(dataDir, 'backup', backup);

      // While the server runs, its database has its write-ahead log and shared-memory files.
      const live = await listModes(dataDir);
      expect(live.map((entry) => path.relative(dataDir, entry.path)).sort()).toEqual(
        expect.arrayContaining([
          'challenge-secret',
          'ember-and-ink.sqlite',
          'ember-and-ink.sqlite-shm',
          'ember-and-ink.sqlite-wal',
          'mailbox',
        ]),
      );
      expect(notPrivate(live)).toEqual([]);
      expect(await readdir(backups)).toEqual(['nightly.sqlite']);
      expect(notPrivate(await listModes(backup))).toEqual([]);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }

    const restored = path.join(root, 'restored');
    await cli(restored, 'restore', path.join(root, 'backups', 'nightly.sqlite'));
    const fresh = path.join(root, 'cli-only');
    await cli(fresh, 'list');
    const after = [dataDir, restored, fresh].map(listModes);
    for (const entries of await Promise.all(after)) expect(notPrivate(entries)).toEqual([]);
    expect(await readdir(restored)).toEqual(['ember-and-ink.sqlite']);
  });
});
