import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { validEnquiry } from './helpers/api-client';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import { findFreePort, isListening } from '../support/listen-on-loopback';

const NGINX = '/usr/sbin/nginx';
const EXAMPLE = path.resolve(import.meta.dirname, '../../docs/deploy/nginx.conf');
const RATE_LIMIT_MAX = 3;
const hasNginx = existsSync(NGINX);

if (!hasNginx) {
  const message = `${NGINX} is missing: install nginx-light to run the reverse-proxy test.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
}

/** The example config with only what a test run must change: ports, certificate, temp paths. */
function adaptExample(example: string, ports: { app: number; https: number; http: number }) {
  return example
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${ports.app};`)
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate (\S+);/, 'ssl_certificate cert.pem;')
    .replace(/ssl_certificate_key (\S+);/, 'ssl_certificate_key key.pem;');
}

function mainConfig(root: string, site: string): string {
  return [
    'daemon off;',
    'master_process off;',
    `pid ${root}/nginx.pid;`,
    `error_log ${root}/error.log warn;`,
    'events {}',
    'http {',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (name) => `  ${name}_temp_path ${root}/${name};`,
    ),
    `  include ${site};`,
    '}',
  ].join('\n');
}

/** A contact POST to nginx over TLS, leaving from `localAddress` as a visitor on that IP would. */
function postFrom(
  localAddress: string,
  port: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const body = JSON.stringify(validEnquiry());
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        path: CONTACT_ENDPOINT,
        method: 'POST',
        servername: 'emberandink.example',
        rejectUnauthorized: false,
        headers: {
          host: 'emberandink.example',
          origin: FIXTURE_SITE_URL,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe.skipIf(!hasNginx)('behind the example nginx config (docs/deploy/nginx.conf)', () => {
  let root: string;
  let server: ServerProcess;
  let nginx: ChildProcess;
  let httpsPort: number;

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
    const conf = path.join(root, 'nginx');
    await mkdir(conf);
    await promisify(execFile)(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=emberandink.example',
      ].concat(['-keyout', path.join(conf, 'key.pem'), '-out', path.join(conf, 'cert.pem')]),
    );
    httpsPort = await findFreePort();
    const ports = {
      app: Number(new URL(server.url).port),
      https: httpsPort,
      http: await findFreePort(),
    };
    const site = path.join(conf, 'site.conf');
    await writeFile(site, adaptExample(await readFile(EXAMPLE, 'utf8'), ports));
    await writeFile(path.join(conf, 'nginx.conf'), mainConfig(conf, site));
    nginx = spawn(NGINX, ['-p', conf, '-c', path.join(conf, 'nginx.conf')], { stdio: 'inherit' });
    await waitForPort(httpsPort, nginx);
  }, 60_000);

  afterAll(async () => {
    nginx?.kill('SIGQUIT');
    await server?.kill('SIGTERM');
    await rm(root, { recursive: true, force: true });
  });

  it('limits each visitor by the address nginx saw, whatever X-Forwarded-For they send', async () => {
    for (let count = 0; count < RATE_LIMIT_MAX; count += 1) {
      expect(await postFrom('127.0.0.2', httpsPort)).toBe(201);
    }
    expect(await postFrom('127.0.0.2', httpsPort)).toBe(429);
    expect(await postFrom('127.0.0.2', httpsPort, { 'x-forwarded-for': '203.0.113.9' })).toBe(429);
    expect(await postFrom('127.0.0.3', httpsPort)).toBe(201);
  }, 30_000);
});

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (await isListening(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s`);
}
