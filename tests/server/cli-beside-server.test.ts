import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServer, builtServerEnv, waitUntilListening } from '../support/built-app';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
const CHECKOUT_DIST = path.join(PROJECT_ROOT, 'dist');

/** Every file under `root` with its content hash and modification time. */
async function snapshot(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const hash = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
    files.set(path.relative(root, file), `${hash} ${(await stat(file)).mtimeMs}`);
  }
  return files;
}

/** The built server, as `npm run serve` starts it, on `siteDir` built for FIXTURE_SITE_URL. */
async function startBuiltServer(siteDir: string, dataDir: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [builtServer()], {
    cwd: PROJECT_ROOT,
    env: builtServerEnv({ DATA_DIR: dataDir, DIST_DIR: siteDir, SITE_URL: FIXTURE_SITE_URL }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await waitUntilListening(server);
  return server;
}

/** `npm run enquiries -- …` in the checkout, as the README shows it, beside the server. */
async function runEnquiries(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'enquiries', '--', ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  return stdout;
}

describe('the CLI beside a running server', { timeout: 120_000 }, () => {
  let root: string;
  let siteDir: string;
  let dataDir: string;
  let server: ChildProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-cli-beside-'));
    siteDir = await writeFixtureSite(path.join(root, 'site'));
    dataDir = path.join(root, 'data');
    server = await startBuiltServer(siteDir, dataDir);
  });
  afterAll(async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await rm(root, { recursive: true, force: true });
  });

  it('adds staff without building or touching any dist/, and links to the configured address', async () => {
    const [checkoutBefore, servedBefore] = [await snapshot(CHECKOUT_DIST), await snapshot(siteDir)];

    const printed = await runEnquiries(['staff', 'add', 'dana@emberandink.example'], {
      DATA_DIR: dataDir,
      SITE_URL: FIXTURE_SITE_URL,
    });

    expect(printed).toMatch(new RegExp(`^${FIXTURE_SITE_URL}/studio/welcome#token=[\\w-]+$`, 'm'));
    expect(await snapshot(CHECKOUT_DIST)).toEqual(checkoutBefore);
    expect(await snapshot(siteDir)).toEqual(servedBefore);
  });

  it('says the address is unknown, and names SITE_URL, rather than print a link that may not open', async () => {
    const checkoutBefore = await snapshot(CHECKOUT_DIST);

    const printed = await runEnquiries(['staff', 'add', 'eli@emberandink.example'], {
      DATA_DIR: dataDir,
    });

    expect(printed).toContain('SITE_URL is not set');
    expect(printed).toMatch(/^\/studio\/welcome#token=[\w-]+$/m);
    expect(printed).not.toMatch(/https?:\/\//);
    expect(await snapshot(CHECKOUT_DIST)).toEqual(checkoutBefore);
  });
});
