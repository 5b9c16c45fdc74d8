import net from 'node:net';
import { listenOnLoopback } from '../../support/listen-on-loopback';

/**
 * A TCP relay to a real server that a test can cut and restore, to play "the database went
 * away and came back" without stopping a server that other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;

  async function listen(): Promise<void> {
    const relay = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    port = await listenOnLoopback(relay, port);
    server = relay;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    /** Drops every connection and stops accepting new ones (connections are refused). */
    async cut(): Promise<void> {
      const relay = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (relay !== null) await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
    /** Accepts connections again on the same port. */
    restore: listen,
  };
}
