import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';

/** Past Node's default keep-alive timeout (5 s) and SQLite's busy wait (5 s). */
const IDLE_MS = 6_000;

/** Sends one GET on the socket and resolves with the status line of its answer. */
function get(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = '';
    const onData = (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (!received.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(received.slice(0, received.indexOf('\r\n')));
    };
    const onClose = () => reject(new Error('the server closed the connection'));
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('a keep-alive connection', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(BACKENDS[0]!);
  });
  afterAll(() => app.close());

  it('is still open for the next request after a pause longer than a busy wait', async () => {
    const { port } = new URL(app.url);
    const socket = connect(Number(port), '127.0.0.1');
    try {
      expect(await get(socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
      // A window: the idle time is the point, and it must pass.
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      expect(await get(socket, '/healthz')).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  });
});
