import net from 'node:net';
import type { ParsedMail } from 'mailparser';
import { listenOnLoopback } from '../../support/listen-on-loopback';
import { startLocalSmtpServer, type SmtpAnswer } from '../../support/local-smtp-server';

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
export async function startMailServer(options: { port?: number; reply?: () => SmtpAnswer } = {}) {
  const received: ParsedMail[] = [];
  let rejected = 0;
  const server = await startLocalSmtpServer({
    port: options.port,
    onMessage(mail) {
      const reply = options.reply?.() ?? 'accept';
      if (reply === 'accept') received.push(mail);
      else rejected += 1;
      return reply;
    },
  });
  return {
    port: server.port,
    url: server.url,
    received,
    get rejected() {
      return rejected;
    },
    close: server.close,
  };
}

/** Accepts TCP connections and never says a word, like a hung mail server. */
export async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  });
  const port = await listenOnLoopback(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    get connections() {
      return sockets.size;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Polls `check` until it gives a value. The deadline is a last resort, far above the time any
 * condition here takes, so that only a fault and never a busy machine fails a test.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
