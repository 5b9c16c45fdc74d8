import { mkdtemp, rm } from 'node:fs/promises';
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
      },
      path.join(root, 'server.log'),
    );
    // One instance: the upstream keeps only its first line.
    nginx = await startNginxFront(root, [Number(new URL(server.url).port)]);
  }, 60_000);

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
  }, 30_000);
});
