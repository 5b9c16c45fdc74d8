import { createServer, type RequestListener } from 'node:http';

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
