import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { isAppPath } from '../app';
import type { Site } from '../static/site';
import { createStaticListener } from '../static/static-listener';
import type { AccessLog } from './access-log';
import type { AppEnv } from './app-env';

/**
 * Every request is logged; files of the build are answered by the static fast path and the rest
 * by the Hono app. Paths the app routes itself, and paths it would percent-decode, stay with the
 * app so both answer every request the same way.
 */
export function createRequestListener(options: {
  app: Hono<AppEnv>;
  site: Site;
  logRequest: AccessLog;
}): RequestListener {
  const { app, site, logRequest } = options;
  const fastFiles = new Map(
    [...site.files].filter(([path]) => !isAppPath(path) && !path.includes('%')),
  );
  const answerStatic = createStaticListener(fastFiles);
  const answerWithApp = getRequestListener(app.fetch);
  return (request, response) => {
    logRequest(request, response);
    if (!answerStatic(request, response)) void answerWithApp(request, response);
  };
}
