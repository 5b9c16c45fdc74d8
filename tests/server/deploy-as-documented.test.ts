import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/store/open-store';
import type { Store } from '../../server/store/store';
import { startServerProcess, type ServerProcess } from '../proof/crash/server-process';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';
import { checkNginx, startNginxFront, type NginxFront } from './helpers/nginx-front';
import { publishEdit } from './helpers/site-publishing';
import { createSignedInStaff, STUDIO_API } from './helpers/studio-session';

const hasNginx = checkNginx();
/** The user a packaged nginx's workers run as: not the server's. */
const NGINX_USER = 'www-data';
const isRoot = process.getuid?.() === 0;
if (hasNginx && !isRoot) {
  const message = `running nginx's workers as ${NGINX_USER} needs root: the deployment test is skipped.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n⚠ SKIPPED: ${message}\n`);
}

type Answer = { status: number; body: Buffer };

/** One request to nginx over TLS, its body bytes as they are. */
function viaNginx(
  port: number,
  pathname: string,
  options: { method?: string; body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        servername: 'emberandink.example',
        rejectUnauthorized: false,
        headers: {
          host: 'emberandink.example',
          origin: FIXTURE_SITE_URL,
          'content-length': options.body?.length ?? 0,
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

/** A multipart/form-data body with one file in the field `file`, as a browser sends it. */
function multipartFile(bytes: Buffer, name: string, type: string) {
  const boundary = `----ember${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(!hasNginx || !isRoot)(
  `deployed as documented: nginx (docs/deploy/nginx.conf) as ${NGINX_USER}, the server as another user`,
  () => {
    let root: string;
    let distDir: string;
    let server: ServerProcess;
    let nginx: NginxFront;
    let store: Store;
    let cookie: string;

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'ember-deploy-'));
      // Like /srv/ember-and-ink: anyone may pass through to dist/client; DATA_DIR stays private.
      await chmod(root, 0o755);
      distDir = await writeFixtureSite(root);
      const dataDir = path.join(root, 'data');
      server = await startServerProcess(
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DIST_DIR: distDir,
          SITE_URL: FIXTURE_SITE_URL,
          TRUST_PROXY: '1',
        },
        path.join(root, 'server.log'),
      );
      nginx = await startNginxFront(root, [Number(new URL(server.url).port)], {
        workerUser: NGINX_USER,
        // README: "nginx or a CDN serving dist/client has it too": nginx reads the files itself.
        addToServer: `    location /dist-client/ {\n        alias ${distDir}/client/;\n    }`,
      });
      store = await openStore({ dataDir });
      cookie = (await createSignedInStaff({ url: server.url, store, siteOrigin: FIXTURE_SITE_URL }))
        .cookie;
    });

    afterAll(async () => {
      nginx?.stop();
      await server?.kill('SIGTERM');
      await store?.close();
      await rm(root, { recursive: true, force: true });
    });

    it('serves a published page from dist/client, and the page itself, through nginx', async () => {
      const quote = `Published for nginx at ${Date.now()}`;
      await publishEdit({ url: server.url, siteOrigin: FIXTURE_SITE_URL }, cookie, (content) => {
        content.testimonials.items[0]!.quote = quote;
      });
      for (const name of ['index.html', 'index.html.gz', 'sitemap.xml']) {
        const mode = (await stat(path.join(distDir, 'client', name))).mode & 0o777;
        expect(mode.toString(8), name).toBe('644');
      }
      expect(((await stat(path.join(root, 'data'))).mode & 0o777).toString(8)).toBe('700');

      const fromDisk = await viaNginx(nginx.httpsPort, '/dist-client/index.html');
      expect(fromDisk.status).toBe(200);
      expect(fromDisk.body.toString()).toContain(quote);
      const sitemap = await viaNginx(nginx.httpsPort, '/dist-client/sitemap.xml');
      expect(sitemap.status).toBe(200);
      const proxied = await viaNginx(nginx.httpsPort, '/', {
        headers: { 'accept-encoding': 'identity' },
      });
      expect(proxied.status).toBe(200);
      expect(proxied.body.toString()).toContain(quote);
    });

    it('takes a 5 MB image through nginx and serves every size of it back', async () => {
      const photo = await sharp({
        create: {
          width: 1_500,
          height: 1_200,
          channels: 3,
          background: { r: 200, g: 120, b: 40 },
        },
      })
        // Stored, not deflated: 5 MB on the wire, yet quick to encode again.
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
      const { body, contentType } = multipartFile(photo, 'noise.png', 'image/png');
      const upload = await viaNginx(nginx.httpsPort, `${STUDIO_API}/media`, {
        method: 'POST',
        body,
        headers: { cookie, 'content-type': contentType },
      });
      expect(upload.status, upload.body.toString().slice(0, 200)).toBe(201);
      const { sources } = JSON.parse(upload.body.toString()) as { sources: { url: string }[] };
      expect(sources.length).toBeGreaterThan(0);
      // Not on a published page yet, so it is served to signed-in staff only.
      for (const source of sources) {
        const served = await viaNginx(nginx.httpsPort, source.url, { headers: { cookie } });
        expect(served.status, source.url).toBe(200);
        expect(served.body.length).toBeGreaterThan(0);
      }
    });
  },
);
