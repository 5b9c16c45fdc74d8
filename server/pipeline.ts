import type { IncomingMessage, RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { API_PREFIX } from './app';
import { pathOf, type AccessLog } from './http/access-log';
import type { AppEnv } from './http/app-env';
import type { RequestMetrics, RouteClass } from './metrics/request-metrics';
import type { BeaconListener } from './routes/audience-beacon-listener';
import type { Site, StaticFile } from './static/site';
import { createStaticListener } from './static/static-listener';

/** Hono's record of `app.get('*', …)`: the app's fallback, which serves the build itself. */
const CATCH_ALL = '/*';

/** `/studio/:id` matches `/studio/42`, `/files/*` matches anything below `/files/`. */
function toPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The paths the app answers itself: everything under /api/ and every path it registers a route
 * for (health checks, pages). Read from the app's own routes, so a route group added to the app
 * is never shadowed by a file of the build of the same name.
 */
export function createAppPathTest(app: Hono<AppEnv>): (path: string) => boolean {
  const routePaths = new Set(
    app.routes.map((route) => route.path).filter((path) => path !== CATCH_ALL),
  );
  const patterns = [...routePaths].map(toPattern);
  return (path) => path.startsWith(API_PREFIX) || patterns.some((pattern) => pattern.test(path));
}

/**
 * The request pipeline: every request is logged and counted; files of the build are answered by
 * the static fast path, the page's beacon by its own listener, and the rest by the Hono app. Paths the app routes itself, and paths it
 * would percent-decode, stay with the app so both answer every request the same way. On the fast
 * path, counting costs one clock read and a few array increments; a request's duration ends when
 * its answer is handed to the socket, on both paths.
 */
export function createRequestPipeline(options: {
  app: Hono<AppEnv>;
  site: Site;
  logRequest: AccessLog;
  requestMetrics: RequestMetrics;
  /** Told of every page answered, to count the views of people (audience.ts). */
  countView: (request: IncomingMessage, status: number) => void;
  /** The page's Web Vitals beacon, answered before the app; null when the audience is off. */
  answerBeacon: BeaconListener | null;
}): RequestListener {
  const { app, site, logRequest, requestMetrics, countView, answerBeacon } = options;
  const isAppPath = createAppPathTest(app);
  const selectFast = (files: ReadonlyMap<string, StaticFile>) =>
    new Map([...files].filter(([path]) => !isAppPath(path) && !path.includes('%')));
  // Filtered once per version of the site: a publish replaces site.files, and the first request
  // after it filters the new map.
  let filteredFrom = site.files;
  let fastFiles = selectFast(filteredFrom);
  const answerStatic = createStaticListener(() => {
    if (site.files !== filteredFrom) {
      filteredFrom = site.files;
      fastFiles = selectFast(filteredFrom);
    }
    return fastFiles;
  });
  // node:http cannot tell the headers given to writeHead, so the app's HTML answers are noted
  // as they leave the app.
  const htmlAnswered = new WeakSet<object>();
  const answerWithApp = getRequestListener(async (request, env) => {
    const response = await app.fetch(request, env);
    if (response.headers.get('content-type')?.startsWith('text/html') === true) {
      htmlAnswered.add(env.incoming);
    }
    return response;
  });

  /** What the app answered: the API, an HTML page, a file of the build, or the rest. */
  const classifyAppAnswer = (request: IncomingMessage): RouteClass => {
    const path = pathOf(request.url ?? '');
    if (path.startsWith(API_PREFIX)) return 'api';
    if (htmlAnswered.has(request)) return 'page';
    return !isAppPath(path) && site.files.has(path) ? 'asset' : 'other';
  };

  return (request, response) => {
    logRequest(request, response);
    const startedAt = performance.now();
    const file = answerStatic(request, response);
    if (file !== null) {
      const seconds = (performance.now() - startedAt) / 1000;
      requestMetrics.observe(file.isPage ? 'page' : 'asset', response.statusCode, seconds);
      if (file.isPage) countView(request, response.statusCode);
      return;
    }
    const beacon = answerBeacon?.(request, response) ?? null;
    if (beacon !== null) {
      void beacon.finally(() => {
        requestMetrics.observe('api', response.statusCode, (performance.now() - startedAt) / 1000);
      });
      return;
    }
    void answerWithApp(request, response).finally(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      const routeClass = classifyAppAnswer(request);
      requestMetrics.observe(routeClass, response.statusCode, seconds);
      if (routeClass === 'page') countView(request, response.statusCode);
    });
  };
}
