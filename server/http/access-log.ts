import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Log } from '../log';

/**
 * The request target without the query string, which may carry personal data and is never
 * logged.
 */
export function pathOf(target: string): string {
  // An absolute-form target (`GET http://host/path`) is logged by its path like any other.
  const start = target.startsWith('/')
    ? 0
    : Math.max(0, target.indexOf('/', target.indexOf('//') + 2));
  const query = target.indexOf('?', start);
  return query === -1 ? target.slice(start) : target.slice(start, query);
}

/**
 * One access log line per request, written when the response has been handed to the socket or
 * the client has gone (`aborted`).
 */
export function logWhenClosed(request: IncomingMessage, response: ServerResponse, log: Log): void {
  const startedAt = performance.now();
  response.once('close', () => {
    log('info', 'request', {
      method: request.method,
      path: pathOf(request.url ?? ''),
      status: response.statusCode,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
      ...(response.writableFinished ? {} : { aborted: true }),
    });
  });
}
