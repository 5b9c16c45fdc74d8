import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export type SlowClients = {
  /** Connections opened so far. */
  opened(): number;
  /** Stops opening new ones and drops those still held. */
  stop(): Promise<void>;
};

/** What a slow client sends before it goes quiet; each is held open for a while, then dropped. */
const OPENINGS = [
  // Never a byte: a connection held open and abandoned.
  '',
  // Headers trickled in one at a time and never finished (slowloris).
  'GET / HTTP/1.1\r\nHost: soak.example\r\n',
  // A POST that declares a body and sends a sliver of it.
  'POST /api/send-contact-email HTTP/1.1\r\nHost: soak.example\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"name":"Sl',
];

/**
 * Keeps `concurrency` slow connections open against the server: each trickles a header line
 * every `trickleMs` (if it began a request), is held for up to `holdMs`, then destroyed.
 */
export function startSlowClients(options: {
  port: number;
  concurrency: number;
  holdMs: number;
  trickleMs: number;
  random: () => number;
}): SlowClients {
  let isStopping = false;
  let opened = 0;
  const sockets = new Set<Socket>();

  async function hold(): Promise<void> {
    const opening = OPENINGS[opened % OPENINGS.length] ?? '';
    opened += 1;
    const socket = connect(options.port, '127.0.0.1');
    sockets.add(socket);
    // The server may answer (408, 400) or cut the connection; either is its right.
    socket.on('error', () => undefined);
    socket.on('data', () => undefined);
    socket.once('connect', () => socket.write(opening));
    const until = Date.now() + options.holdMs * (0.3 + 0.7 * options.random());
    let header = 0;
    while (!isStopping && Date.now() < until && !socket.destroyed) {
      await sleep(options.trickleMs);
      if (opening.startsWith('GET') && socket.writable) socket.write(`X-Slow-${header++}: 1\r\n`);
    }
    socket.destroy();
    sockets.delete(socket);
  }

  async function loop(): Promise<void> {
    while (!isStopping) await hold();
  }

  const loops = Array.from({ length: options.concurrency }, loop);
  return {
    opened: () => opened,
    async stop() {
      isStopping = true;
      for (const socket of sockets) socket.destroy();
      await Promise.all(loops);
    },
  };
}
