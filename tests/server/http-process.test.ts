import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { openStore } from '../../server/store/open-store';
import { idOf, validEnquiry } from './helpers/api-client';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import { builtServer } from '../support/built-app';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

type Started = { child: ChildProcess; exited: Promise<{ code: number | null; stderr: string }> };

function startMain(env: Record<string, string>): Started {
  // node itself rather than `npm run serve`: npm re-raises a forwarded SIGTERM on itself, which
  // would hide the server's own exit code.
  const child = spawn(process.execPath, [builtServer()], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.on('exit', (code) => resolve({ code, stderr }));
  });
  return { child, exited };
}

/** Resolves with the URL from the server's "listening" log line. */
function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      const entry: unknown = JSON.parse(line);
      if (
        typeof entry === 'object' &&
        entry !== null &&
        'msg' in entry &&
        entry.msg === 'listening'
      ) {
        if ('url' in entry && typeof entry.url === 'string') resolve(entry.url);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

describe('server process', () => {
  let root: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-main-'));
    env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      DIST_DIR: await writeFixtureSite(root),
      SITE_URL: FIXTURE_SITE_URL,
    };
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('finishes the request in flight on SIGTERM, then exits 0 before its deadline forces exit 1', async () => {
    const { child, exited } = startMain(env);
    const url = await listeningUrl(child);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    const body = JSON.stringify(validEnquiry());
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = request(`${url}${CONTACT_ENDPOINT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      outgoing.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      outgoing.on('error', reject);
      // Half the body now, the rest after SIGTERM: the request is in flight during shutdown.
      // A health check opened after the half was sent is answered only once the server has
      // accepted that earlier connection and read its headers (connections are accepted in
      // order), so SIGTERM never lands before the server knows of the request.
      outgoing.write(body.slice(0, 20), () => {
        fetch(`${url}/healthz`)
          .then(() => {
            child.kill('SIGTERM');
            setTimeout(() => outgoing.end(body.slice(20)), 300);
          })
          .catch(reject);
      });
    });

    const response = await answer;
    expect(response.status).toBe(201);
    const id = idOf(JSON.parse(response.body));
    // Past its shutdown deadline the server exits 1: 0 says it closed in time by itself.
    const { code } = await exited;
    expect(code).toBe(0);

    const store = await openStore({ dataDir: env.DATA_DIR! });
    try {
      expect(await store.getEnquiry(id)).toMatchObject({ id });
    } finally {
      await store.close();
    }
  });

  it('has written every log line, the last one included, when it exits', async () => {
    const { child, exited } = startMain(env);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const url = await listeningUrl(child);
    for (let count = 0; count < 3; count += 1) await fetch(`${url}/robots.txt`);
    child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    const messages = output
      .trim()
      .split('\n')
      .map((line) => z.object({ msg: z.string() }).parse(JSON.parse(line)).msg);
    expect(messages.filter((msg) => msg === 'request')).toHaveLength(3);
    expect(messages.at(-1)).toBe('stopped');
  });

  it('refuses to start with a bad variable, naming it, and exits 1', async () => {
    const { exited } = startMain({ ...env, PORT: 'eighty' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('PORT must be a whole number');
  });

  it('refuses to start on a shared database without CHALLENGE_SECRET, naming it, and exits 1', async () => {
    // The check comes before any connection: the database need not exist.
    const { exited } = startMain({ ...env, DATABASE_URL: 'postgres://ember@127.0.0.1:1/none' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('CHALLENGE_SECRET must be set when DATABASE_URL is');
  });

  it('tells the operator to build first when there is no build, and exits 1', async () => {
    const { exited } = startMain({ ...env, DIST_DIR: path.join(root, 'no-build') });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('npm run build');
  });

  it('refuses a build made for another SITE_URL, naming both values, and exits 1', async () => {
    const { exited } = startMain({ ...env, SITE_URL: 'https://studio.example' });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain(
      `The build was made for SITE_URL=${FIXTURE_SITE_URL}, but SITE_URL is https://studio.example.`,
    );
  });
});
