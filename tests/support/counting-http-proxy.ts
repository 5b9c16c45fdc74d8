import { createServer, request } from 'node:http';
import { listenOnLoopback } from './listen-on-loopback';

export type CountingHttpProxy = {
  port: number;
  /** `url` (http://user:pass@127.0.0.1:<target>/path/) as it reads through the proxy. */
  through(url: string): string;
  /** How many requests of `method` reached the target so far. */
  count(method: string): number;
  close(): Promise<void>;
};

/**
 * An HTTP relay to a real server on 127.0.0.1 that counts each request by its method: how
 * often the site really asked the studio's calendar, whatever the site believes it did.
 */
export async function startCountingHttpProxy(targetPort: number): Promise<CountingHttpProxy> {
  const counts = new Map<string, number>();
  const server = createServer((incoming, outgoing) => {
    const method = incoming.method ?? 'GET';
    counts.set(method, (counts.get(method) ?? 0) + 1);
    const relayed = request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    relayed.on('error', () => outgoing.destroy());
    incoming.pipe(relayed);
  });
  const port = await listenOnLoopback(server);
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.port = String(port);
      return parsed.href;
    },
    count: (method) => counts.get(method) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
