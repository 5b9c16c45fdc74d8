/**
 * The thread that expands calendar objects (off-thread-busy-times.ts), so that a rule however
 * costly never holds the server's event loop. It reads one object at a time and answers each
 * before the next, so the thread that waits on it knows which one it is on when a deadline
 * passes.
 */
import { parentPort } from 'node:worker_threads';
import type { Log } from '../../log';
import { busyTimesIn } from './busy-times';
import type { ExpansionReply, ExpansionRequest } from './off-thread-busy-times';

const port = parentPort;
if (port === null) throw new Error('busy-times-worker.ts runs only as a worker thread');

function reply(message: ExpansionReply): void {
  port?.postMessage(message);
}

port.on('message', (request: ExpansionRequest) => {
  const range = { start: new Date(request.start), end: new Date(request.end) };
  const log: Log = (level, message, fields) => reply({ kind: 'log', level, message, fields });
  const options = {
    studioTimeZone: request.studioTimeZone,
    maxRuleSteps: request.maxRuleSteps,
    log,
  };
  for (const object of request.objects) {
    const { busy, unreadable } = busyTimesIn([object], range, options);
    reply({
      kind: 'object',
      busy: busy.map(({ start, end }) => [start.getTime(), end.getTime()]),
      unreadable: unreadable[0] ?? null,
    });
  }
  reply({ kind: 'done' });
});
reply({ kind: 'ready' });
