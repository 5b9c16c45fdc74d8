import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { validEnquiry } from './helpers/api-client';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import {
  checkNginx,
  requestViaNginx,
  startNginxFront,
  type NginxFront,
} from './helpers/nginx-front';

const RATE_LIMIT_MAX = 3;
const hasNginx = checkNginx();

describe.skipIf(!hasNginx)('behind the example nginx config (docs/deploy/nginx.conf)', () => {
  let root: string;
  let server: ServerProcess;
  let nginx: NginxFront;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-nginx-'));
    server = await startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'data'),
        DIST_DIR: await writeFixtureSite(root),
        SITE_URL: FIXTURE_SITE_URL,
        TRUST_PROXY: '1',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        // Windows are fixed and aligned to the clock: a day-long one is never crossed mid-test.
        RATE_LIMIT_WINDOW_MS: '86400000',
      },
      path.join(root, 'server.log'),
    );
    // One instance: the upstream keeps only its first line.
    nginx = await startNginxFront(root, [Number(new URL(server.url).port)]);
  });

  afterAll(async () => {
    nginx?.stop();
    await server?.kill('SIGTERM');
    await rm(root, { recursive: true, force: true });
  });

  /** A contact POST to nginx over TLS from `localAddress`; answers its status. */
  const postFrom = async (localAddress: string, headers: Record<string, string> = {}) =>
    (
      await requestViaNginx(nginx.httpsPort, {
        localAddress,
        method: 'POST',
        path: CONTACT_ENDPOINT,
        body: validEnquiry(),
        headers,
      })
    ).status;

  it('limits each visitor by the address nginx saw, whatever X-Forwarded-For they send', async () => {
    for (let count = 0; count < RATE_LIMIT_MAX; count += 1) {
      expect(await postFrom('127.0.0.2')).toBe(201);
    }
    expect(await postFrom('127.0.0.2')).toBe(429);
    expect(await postFrom('127.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).toBe(429);
    expect(await postFrom('127.0.0.3')).toBe(201);
  });

  it("logs the path of each request, in its access log and the server's, never the query string", async () => {
    const query = '?email=ottilie.query%40example.com&q=lighthouse';
    const viaTls = await requestViaNginx(nginx.httpsPort, {
      localAddress: '127.0.0.1',
      method: 'GET',
      path: `/${query}`,
    });
    expect(viaTls.status).toBe(200);
    expect(await plainGet(nginx.httpPort, `/${query}`)).toBe(301);
    const requestLines = async () =>
      (await readFile(nginx.accessLog, 'utf8').catch(() => ''))
        .split('\n')
        .filter((line) => /"GET \//.test(line));
    await expect.poll(requestLines).toHaveLength(2);
    const nginxLog = await requestLines();
    for (const line of nginxLog) expect(line).toContain('"GET / HTTP/');
    const proxied = await server.waitForLog(
      (entry) => entry.msg === 'request' && entry.method === 'GET' && entry.path === '/',
      5_000,
    );
    expect(proxied).not.toBeNull();
    for (const log of [nginxLog.join('\n'), JSON.stringify(server.logs)]) {
      expect(log).not.toMatch(/ottilie|lighthouse|\?email|%40/);
    }
  });
});

/** A plain-HTTP GET to nginx on 127.0.0.1; resolves with the status. */
function plainGet(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path: target, headers: { host: 'emberandink.example' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
