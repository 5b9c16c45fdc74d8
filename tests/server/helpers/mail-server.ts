import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How the sink answers a message: accept it, or reply with an SMTP error code. */
export type SinkReply = 'accept' | { code: number; message: string };

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts, parsed. */
export async function startMailServer(options: { port?: number; reply?: () => SinkReply } = {}) {
  const received: ParsedMail[] = [];
  let rejected = 0;
  const server = new SMTPServer({
    // No DNS answers here: a reverse lookup per connection would stall each one for seconds.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const reply = options.reply?.() ?? 'accept';
        if (reply !== 'accept') {
          rejected += 1;
          callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error('parse')));
      });
    },
  });
  const listening = server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    listening.once('listening', resolve);
    listening.once('error', reject);
  });
  const address = listening.address();
  if (address === null || typeof address === 'string') throw new Error('No TCP address');
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    get rejected() {
      return rejected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that nothing listens on (briefly bound, then released). */
export async function findFreePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No TCP address');
  return address.port;
}

/** Accepts TCP connections and never says a word, like a hung mail server. */
export async function startSilentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No TCP address');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    get connections() {
      return sockets.size;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
