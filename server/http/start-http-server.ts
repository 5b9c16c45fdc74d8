import { createServer, type RequestListener } from 'node:http';

/** How long an idle keep-alive connection is kept open. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

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

export function startHttpServer(options: {
  listener: RequestListener;
  port: number;
  host: string;
}): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const http = createServer(options.listener);
    // An idle keep-alive connection is kept longer than a proxy keeps it (nginx's upstream
    // keepalive_timeout is 60 s) and far longer than SQLite's busy wait (5 s), which holds the
    // event loop: with Node's default of 5 s, a connection expired during such a wait was closed
    // just as the client sent its next request on it, and the request was lost in a reset.
    http.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // Node wants the headers of a request allowed longer than an idle connection is kept.
    http.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
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
    http.listen(options.port, options.host);
  });
}
