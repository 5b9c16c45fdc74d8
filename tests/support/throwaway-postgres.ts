import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './listen-on-loopback';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root: its cluster belongs to this user. */
const OWNER = 'postgres';

/**
 * True when a cluster of the test's own can be made (PostgreSQL 15's binaries, root to run them
 * as `postgres`); otherwise fails on CI and warns loudly elsewhere.
 */
export function checkThrowawayPostgres(): boolean {
  const missing = !existsSync(path.join(PG_BIN, 'initdb'))
    ? `${PG_BIN}/initdb is missing: install postgresql-15`
    : process.getuid?.() !== 0
      ? 'starting a PostgreSQL cluster as the postgres user needs root'
      : null;
  if (missing === null) return true;
  const message = `${missing}; the PostgreSQL restart test is skipped.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
  return false;
}

export type ThrowawayPostgres = {
  /** A database of its own on the cluster, as the app connects to it. */
  url: string;
  /** pg_ctl stop: `fast` rolls back and disconnects every session; `immediate` is a crash. */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
};

/**
 * A PostgreSQL cluster made for one test in a temporary folder, on a free loopback port, so
 * the test may stop and start it without disturbing the server the other suites share.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-pg-'));
  await chmod(root, 0o755);
  const dataDir = path.join(root, 'data');
  await mkdir(dataDir, { mode: 0o700 });
  const { stdout } = await run('id', ['-u', OWNER]);
  const { stdout: gid } = await run('id', ['-g', OWNER]);
  await chown(dataDir, Number(stdout), Number(gid));
  await chown(root, Number(stdout), Number(gid));
  const asOwner = (tool: string, args: string[]) =>
    run('runuser', ['-u', OWNER, '--', path.join(PG_BIN, tool), ...args]);
  await asOwner('initdb', ['-D', dataDir, '-U', 'ember', '--auth=trust', '--no-sync']);
  const port = await findFreePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await asOwner('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      `${root}/server.log`,
      '-w',
      'start',
    ]);
  };
  await start();
  const adminUrl = `postgres://ember@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('create database ember');
  await admin.end();
  return {
    url: `postgres://ember@127.0.0.1:${port}/ember`,
    async stop(mode) {
      await asOwner('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    start,
    async remove() {
      await asOwner('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(
        () => undefined,
      );
      await rm(root, { recursive: true, force: true });
    },
  };
}
