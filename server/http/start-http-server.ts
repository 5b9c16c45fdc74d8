import { serve, type Http2Bindings, type HttpBindings } from '@hono/node-server';
import { Server, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import type { Log } from '../log';
import type { AppEnv } from './app-env';

export type RunningServer = {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  port: number;
  /**
   * Stops accepting connections, lets in-flight requests finish, and resolves when the last
   * one is done; after `graceMs` the remaining connections are cut.
   */
  close(graceMs?: number): Promise<void>;
};

/** The path without the query string, which may carry personal data and is never logged. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const query = url.indexOf('?', start);
  return query === -1 ? url.slice(start) : url.slice(start, query);
}

/**
 * One log line per request, written when the response has been handed to the socket. Wrapping
 * fetch (instead of a Hono middleware) keeps the static fast path a single synchronous handler.
 */
function withRequestLog(app: Hono<AppEnv>, log: Log) {
  return (request: Request, env: HttpBindings | Http2Bindings): Response | Promise<Response> => {
    const startedAt = performance.now();
    const { outgoing } = env;
    if (!(outgoing instanceof ServerResponse)) return app.fetch(request, env);
    outgoing.once('close', () => {
      log('info', 'request', {
        method: request.method,
        path: pathOf(request.url),
        status: outgoing.statusCode,
        ms: Math.round((performance.now() - startedAt) * 10) / 10,
        ...(outgoing.writableFinished ? {} : { aborted: true }),
      });
    });
    return app.fetch(request, env);
  };
}

export function startHttpServer(options: {
  app: Hono<AppEnv>;
  log: Log;
  port: number;
  host: string;
}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({
      fetch: withRequestLog(options.app, options.log),
      port: options.port,
      hostname: options.host,
    });
    if (!(server instanceof Server)) {
      reject(new Error('Expected an HTTP/1.1 server'));
      return;
    }
    const http = server;
    http.once('error', reject);
    http.once('listening', () => {
      const info = http.address();
      if (info === null || typeof info === 'string') {
        reject(new Error('Expected a TCP address'));
        return;
      }
      const { port, address } = info;
      const hostForUrl = address.includes(':') ? `[${address}]` : address;
      resolve({
        url: `http://${hostForUrl}:${port}`,
        port,
        close: (graceMs = 8_000) =>
          new Promise<void>((done) => {
            const force = setTimeout(() => http.closeAllConnections(), graceMs);
            // Keep-alive sockets would hold close() open until they time out; each one is
            // closed as soon as its request in flight has been answered.
            const sweep = setInterval(() => http.closeIdleConnections(), 50);
            http.close(() => {
              clearTimeout(force);
              clearInterval(sweep);
              done();
            });
            http.closeIdleConnections();
          }),
      });
    });
  });
}
