import type { IncomingMessage, ServerResponse } from 'node:http';
import { answerFor } from './serve-static';
import type { StaticFile } from './site';

/** Answers the request and returns the file it sent, or returns null and leaves it untouched. */
export type PartialListener = (
  request: IncomingMessage,
  response: ServerResponse,
) => StaticFile | null;

/**
 * GET and HEAD for a file of the build, answered straight from node:http: no Web Request or
 * Response is built and the header lists were flattened at load time, so a hit costs a map
 * lookup and one socket write. Anything else (other methods, unknown or encoded paths) is left
 * to the app, which answers it exactly as before. `currentFiles` is asked once per request, so
 * a publish that replaces the files between two requests is seen by the second.
 */
export function createStaticListener(
  currentFiles: () => ReadonlyMap<string, StaticFile>,
): PartialListener {
  return (request, response) => {
    const { method } = request;
    if (method !== 'GET' && method !== 'HEAD') return null;
    const target = request.url ?? '';
    const query = target.indexOf('?');
    const file = currentFiles().get(query === -1 ? target : target.slice(0, query));
    if (file === undefined) return null;
    const { status, variant } = answerFor(
      file,
      request.headers['accept-encoding'] ?? null,
      request.headers['if-none-match'] ?? null,
    );
    if (status === 304) {
      response.writeHead(status, variant.notModifiedHeaderList);
      response.end();
    } else {
      response.writeHead(status, variant.headerList);
      // HEAD gets the GET headers, Content-Length included, and no body.
      response.end(method === 'HEAD' ? undefined : variant.body);
    }
    return file;
  };
}
