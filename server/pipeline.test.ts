import { Hono, type Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createAccessLog } from './http/access-log';
import { createRequestMetrics } from './metrics/request-metrics';
import type { AppEnv } from './http/app-env';
import { startHttpServer, type RunningServer } from './http/start-http-server';
import { createRequestPipeline } from './pipeline';
import { buildStaticFile } from './static/build-static-file';
import type { Site, StaticFile } from './static/site';

function file(urlPath: string, content: string): [string, StaticFile] {
  const source = {
    urlPath,
    content: Buffer.from(content),
    br: null,
    gzip: null,
    status: 200 as const,
  };
  return [urlPath, buildStaticFile(source, {})];
}

/** A build that holds files at paths the app answers itself. */
const site: Site = {
  files: new Map([
    file('/robots.txt', 'from the build'),
    file('/healthz', 'from the build'),
    file('/readyz', 'from the build'),
    file('/api/send-contact-email', 'from the build'),
    file('/api/not-a-route', 'from the build'),
    file('/studio', 'from the build'),
    file('/studio/42', 'from the build'),
    file('/studio-notes.txt', 'from the build'),
  ]),
  notFound: file('/404.html', 'not found')[1],
  securityHeaders: {},
  landingSecurityHeaders: {},
  pages: new Map(),
  newsletterWording: null,
};

describe('routing between the static fast path and the app', () => {
  let server: RunningServer;
  const logged: string[] = [];
  const requestMetrics = createRequestMetrics();
  beforeAll(async () => {
    const app = new Hono<AppEnv>();
    const fromApp = (c: Context) => c.text('from the app');
    app.get('/healthz', fromApp);
    app.get('/readyz', fromApp);
    app.post('/api/send-contact-email', fromApp);
    app.get('/studio', fromApp);
    app.get('/studio/:id', fromApp);
    app.all('*', fromApp);
    const listener = createRequestPipeline({
      app,
      site,
      logRequest: createAccessLog((line) => logged.push(line)),
      requestMetrics,
      countView: () => undefined,
      answerBeacon: null,
    });
    server = await startHttpServer({ listener, port: 0, host: '127.0.0.1' });
  });
  afterAll(() => server.close(1_000));

  const text = (path: string, method = 'GET') =>
    fetch(`${server.url}${path}`, { method }).then((response) => response.text());

  it('answers a file of the build itself', async () => {
    expect(await text('/robots.txt')).toBe('from the build');
    expect(await text('/robots.txt?utm_source=x')).toBe('from the build');
  });

  it('leaves health checks and the API to the app, even if the build holds such a file', async () => {
    for (const path of ['/healthz', '/readyz', '/api/send-contact-email', '/api/not-a-route']) {
      expect(await text(path), path).toBe('from the app');
    }
  });

  it('leaves every page the app registers to it, patterns included', async () => {
    expect(await text('/studio')).toBe('from the app');
    expect(await text('/studio/42')).toBe('from the app');
    expect(await text('/studio-notes.txt')).toBe('from the build');
  });

  it('leaves other methods to the app', async () => {
    expect(await text('/robots.txt', 'POST')).toBe('from the app');
  });

  it('logs every request once, whichever answers it', async () => {
    logged.length = 0;
    await text('/robots.txt');
    await text('/healthz');
    const summary = (line: string) => {
      const entry = z.object({ path: z.string(), status: z.number() }).parse(JSON.parse(line));
      return `${entry.path} ${entry.status}`;
    };
    await expect.poll(() => logged.map(summary)).toEqual(['/robots.txt 200', '/healthz 200']);
  });

  it('counts every request once by route class, whichever answers it', async () => {
    const before = requestMetrics.render();
    await text('/robots.txt');
    await text('/api/send-contact-email', 'POST');
    await text('/healthz');
    const count = (text: string, routeClass: string) =>
      Number(
        new RegExp(`ember_http_requests_total\\{class="${routeClass}",status="2xx"\\} (\\d+)`).exec(
          text,
        )?.[1],
      );
    const after = requestMetrics.render();
    for (const routeClass of ['asset', 'api', 'other']) {
      expect(count(after, routeClass) - count(before, routeClass), routeClass).toBe(1);
    }
  });
});
