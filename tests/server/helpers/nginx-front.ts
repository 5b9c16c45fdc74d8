import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import path from 'node:path';
import { promisify } from 'node:util';
import { findFreePort, isListening } from '../../support/listen-on-loopback';
import { FIXTURE_SITE_URL } from './fixture-site';

export const NGINX = '/usr/sbin/nginx';
const EXAMPLE = path.resolve(import.meta.dirname, '../../../docs/deploy/nginx.conf');
const UPSTREAM_SERVER = /^([ \t]*)server 127\.0\.0\.1:\d+;\n/gm;

/** True when nginx is installed; otherwise fails on CI and warns loudly elsewhere. */
export function checkNginx(): boolean {
  if (existsSync(NGINX)) return true;
  const message = `${NGINX} is missing: install nginx-light to run the reverse-proxy tests.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
  return false;
}

/**
 * The example config with only what a test run must change: the ports, the certificate and the
 * temp paths. The upstream's lines take the apps' ports in order; lines beyond the apps given
 * are dropped, as the config's comment tells a single instance to do.
 */
export function adaptExample(
  example: string,
  ports: { apps: number[]; https: number; http: number },
  accessLog: string,
) {
  let line = 0;
  return example
    .replaceAll('/var/log/nginx/ember-and-ink.access.log', accessLog)
    .replace(UPSTREAM_SERVER, (_match, indent: string) => {
      const port = ports.apps[line];
      line += 1;
      return port === undefined ? '' : `${indent}server 127.0.0.1:${port};\n`;
    })
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace(/ssl_certificate (\S+);/, 'ssl_certificate cert.pem;')
    .replace(/ssl_certificate_key (\S+);/, 'ssl_certificate_key key.pem;');
}

/**
 * nginx itself, in the foreground. With `workerUser` (the test runs as root), a master process
 * starts workers that drop to that user, as a packaged nginx's www-data workers do.
 */
function mainConfig(root: string, site: string, workerUser: string | undefined): string {
  return [
    'daemon off;',
    ...(workerUser === undefined ? ['master_process off;'] : [`user ${workerUser};`]),
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

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    if (await isListening(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s`);
}

export type NginxFront = {
  httpsPort: number;
  httpPort: number;
  /** The config's access log, moved into `root`. */
  accessLog: string;
  stop(): void;
};

/**
 * The real nginx with docs/deploy/nginx.conf in front of the apps on `appPorts`, in `root`.
 * `addToServer` is inserted into the TLS server block (a test's own location).
 */
export async function startNginxFront(
  root: string,
  appPorts: number[],
  options: { workerUser?: string; addToServer?: string } = {},
): Promise<NginxFront> {
  const conf = path.join(root, 'nginx');
  await mkdir(conf);
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=emberandink.example',
    '-keyout',
    path.join(conf, 'key.pem'),
    '-out',
    path.join(conf, 'cert.pem'),
  ]);
  const httpsPort = await findFreePort();
  const ports = { apps: appPorts, https: httpsPort, http: await findFreePort() };
  const site = path.join(conf, 'site.conf');
  const accessLog = path.join(conf, 'access.log');
  const adapted = adaptExample(await readFile(EXAMPLE, 'utf8'), ports, accessLog);
  await writeFile(
    site,
    options.addToServer === undefined
      ? adapted
      : adapted.replace(/\n}\s*$/, `\n${options.addToServer}\n}\n`),
  );
  await writeFile(path.join(conf, 'nginx.conf'), mainConfig(conf, site, options.workerUser));
  const nginx = spawn(NGINX, ['-p', conf, '-c', path.join(conf, 'nginx.conf')], {
    stdio: 'inherit',
  });
  await waitForPort(httpsPort, nginx);
  return { httpsPort, httpPort: ports.http, accessLog, stop: () => nginx.kill('SIGQUIT') };
}

export type ViaNginx = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/**
 * A same-origin request to nginx over TLS, leaving from `localAddress` as a visitor on that IP
 * would. A string body goes as it is; anything else as JSON.
 */
export function requestViaNginx(
  port: number,
  options: {
    localAddress: string;
    method: string;
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<ViaNginx> {
  const body =
    options.body === undefined
      ? ''
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: options.localAddress,
        path: options.path,
        method: options.method,
        servername: 'emberandink.example',
        rejectUnauthorized: false,
        headers: {
          host: 'emberandink.example',
          origin: FIXTURE_SITE_URL,
          ...(body === '' ? {} : { 'content-type': 'application/json' }),
          'content-length': Buffer.byteLength(body),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
