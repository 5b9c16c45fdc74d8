import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClock } from '../log';

/** Called for every request as it arrives; writes its line once the response is done. */
export type AccessLog = (request: IncomingMessage, response: ServerResponse) => void;

export type RequestLine = {
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  aborted: boolean;
};

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
 * The same JSON object the general log writes, written out field by field: this line is
 * written for every request, and building an object to stringify added about 5% to the cost
 * of answering a cached file. Only the client's strings need escaping.
 */
export function formatRequestLine(line: RequestLine): string {
  const aborted = line.aborted ? ',"aborted":true' : '';
  return `{"time":"${line.time}","level":"info","msg":"request","method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms}${aborted}}\n`;
}

/**
 * One access log line per request, written when the response has been handed to the socket or
 * the client has gone (`aborted`).
 */
export function createAccessLog(write: (line: string) => void): AccessLog {
  const time = createClock();
  return (request, response) => {
    const startedAt = performance.now();
    response.once('close', () => {
      write(
        formatRequestLine({
          time: time(),
          method: request.method ?? '',
          path: pathOf(request.url ?? ''),
          status: response.statusCode,
          ms: Math.round((performance.now() - startedAt) * 10) / 10,
          aborted: !response.writableFinished,
        }),
      );
    });
  };
}
