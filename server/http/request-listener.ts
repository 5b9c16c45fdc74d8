import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { isAppPath } from '../app';
import type { Log } from '../log';
import type { Site } from '../static/site';
import { createStaticListener } from '../static/static-listener';
import { logWhenClosed } from './access-log';
import type { AppEnv } from './app-env';

/**
 * Every request is logged; files of the build are answered by the static fast path and the rest
 * by the Hono app. Paths the app routes itself, and paths it would percent-decode, stay with the
 * app so both answer every request the same way.
 */
export function createRequestListener(options: {
  app: Hono<AppEnv>;
  site: Site;
  log: Log;
}): RequestListener {
  const { app, site, log } = options;
  const fastFiles = new Map(
    [...site.files].filter(([path]) => !isAppPath(path) && !path.includes('%')),
  );
  const answerStatic = createStaticListener(fastFiles);
  const answerWithApp = getRequestListener(app.fetch);
  return (request, response) => {
    logWhenClosed(request, response, log);
    if (!answerStatic(request, response)) void answerWithApp(request, response);
  };
}
