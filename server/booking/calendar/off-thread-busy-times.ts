import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Log, LogFields, LogLevel } from '../../log';
import type { Interval } from '../booking-types';
import {
  firstTimeCover,
  MAX_RULE_STEPS_PER_OBJECT,
  type CalendarObject,
  type UnreadableEvent,
} from './busy-times';

/**
 * How long the worker may spend on one object before it is given up and the worker replaced.
 * The bound on a rule's steps ends every costly rule ical.js 2.2.1 is known to loop on well
 * within it; this catches whatever else might loop inside the library, and is generous so that
 * a busy machine does not give up an ordinary event (whose later times would then be free).
 */
export const OBJECT_DEADLINE_MS = 3_000;

/** What the server thread asks the worker: the busy times of these objects within a range. */
export type ExpansionRequest = {
  objects: CalendarObject[];
  start: number;
  end: number;
  studioTimeZone: string;
  maxRuleSteps: number;
};

/** What the worker answers: once when it has loaded, then per object, in order, then done. */
export type ExpansionReply =
  | { kind: 'ready' }
  | { kind: 'object'; busy: [number, number][]; unreadable: UnreadableEvent | null }
  | { kind: 'log'; level: LogLevel; message: string; fields: LogFields | undefined }
  | { kind: 'done' };

export type BusyTimesReader = {
  /** busyTimesIn (busy-times.ts) on a worker thread, each object within the deadline. */
  busyTimesIn(
    objects: CalendarObject[],
    range: Interval,
    studioTimeZone: string,
  ): Promise<{ busy: Interval[]; unreadable: UnreadableEvent[] }>;
  /** Ends the worker; a later read starts another. */
  close(): Promise<void>;
};

/**
 * Loads the worker's module: from the TypeScript sources (tsx, Vitest) through tsx's loader,
 * registered inside the worker; from the bundle, as dist/app/calendar-worker.js
 * (vite.server.config.ts), beside main.js whether this code landed there or in chunks/.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(workerData.tsx === null ? Promise.resolve() : import(workerData.tsx).then((api) => api.register()))
  .then(() => import(workerData.entry));
`;

function workerModule(): { entry: string; tsx: string | null } {
  if (import.meta.url.endsWith('.ts')) {
    // tsx/esm/api resolves to its CommonJS build here; the worker needs the ES module beside it.
    const api = createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs');
    return {
      entry: new URL('./busy-times-worker.ts', import.meta.url).href,
      tsx: pathToFileURL(api).href,
    };
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const appDir = path.basename(here) === 'chunks' ? path.dirname(here) : here;
  return { entry: pathToFileURL(path.join(appDir, 'calendar-worker.js')).href, tsx: null };
}

/**
 * How long a worker may take to load its code: seconds from the TypeScript sources on a busy
 * machine, far less from the bundle. One that has not loaded by then fails the read (503).
 */
const WORKER_START_MS = 30_000;

/** A worker that has loaded and said so; rejects if it fails or ends before, or takes too long. */
function startWorker(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOTSTRAP, { eval: true, workerData: workerModule() });
    // An idle worker keeps no process alive; a read under way does, by its deadline's timer.
    worker.unref();
    const tooSlow = setTimeout(() => {
      void worker.terminate();
      failed(new Error(`the calendar worker did not start within ${WORKER_START_MS} ms`));
    }, WORKER_START_MS);
    const failed = (error: unknown) => {
      clearTimeout(tooSlow);
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    worker.once('error', failed);
    worker.once('exit', (code) => failed(new Error(`the calendar worker ended (${code})`)));
    worker.once('message', (message: ExpansionReply) => {
      worker.off('error', failed);
      worker.removeAllListeners('exit');
      clearTimeout(tooSlow);
      if (message.kind === 'ready') resolve(worker);
      else failed(new Error(`the calendar worker said ${message.kind} first`));
    });
  });
}

type Outcome = { busy: Interval[]; unreadable: UnreadableEvent[] };

/**
 * Expands calendar objects on a worker thread so that no rule, however costly or endless in
 * ical.js, holds the event loop that answers every request. Each object has OBJECT_DEADLINE_MS;
 * one that overruns it (or ends the worker) is unreadable: its first time is held busy, the
 * worker is terminated and a new one reads the objects after it. Reads take turns on the one
 * worker.
 */
export function createBusyTimesReader(options: {
  log: Log;
  deadlineMs?: number;
  /** Lifted by a test that reaches the deadline with a rule the step bound would stop. */
  maxRuleSteps?: number;
}): BusyTimesReader {
  const deadlineMs = options.deadlineMs ?? OBJECT_DEADLINE_MS;
  const maxRuleSteps = options.maxRuleSteps ?? MAX_RULE_STEPS_PER_OBJECT;
  let worker: Promise<Worker> | null = null;
  let turn: Promise<unknown> = Promise.resolve();

  function running(): Promise<Worker> {
    if (worker !== null) return worker;
    const started = startWorker();
    worker = started;
    started.then(
      (current) => {
        // A worker that fails between reads is forgotten; the next read starts another.
        current.on('error', (error) => {
          options.log('error', 'the calendar worker failed', { reason: String(error) });
        });
        current.on('exit', () => {
          if (worker === started) worker = null;
        });
      },
      () => {
        if (worker === started) worker = null;
      },
    );
    return started;
  }

  function replace(overrun: Worker): void {
    void overrun.terminate();
    worker = null;
  }

  /**
   * Sends the objects from `from` on and collects each answer into `outcome`; resolves with the
   * index of the object it stopped on if the worker overran or ended, or null when all are read.
   */
  function readFrom(
    current: Worker,
    request: ExpansionRequest,
    outcome: Outcome,
  ): Promise<number | null> {
    return new Promise((resolve) => {
      let index = 0;
      let timer: NodeJS.Timeout | undefined;
      const stop = (stoppedAt: number | null) => {
        clearTimeout(timer);
        current.off('message', onMessage);
        current.off('error', onEnd);
        current.off('exit', onEnd);
        resolve(stoppedAt);
      };
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => stop(index), deadlineMs);
      };
      const onEnd = () => stop(index);
      const onMessage = (message: ExpansionReply) => {
        if (message.kind === 'log') {
          options.log(message.level, message.message, message.fields);
        } else if (message.kind === 'object') {
          for (const [start, end] of message.busy) {
            outcome.busy.push({ start: new Date(start), end: new Date(end) });
          }
          if (message.unreadable !== null) outcome.unreadable.push(message.unreadable);
          index += 1;
          arm();
        } else if (message.kind === 'done') {
          stop(null);
        }
      };
      current.on('message', onMessage);
      current.once('error', onEnd);
      current.once('exit', onEnd);
      arm();
      current.postMessage(request);
    });
  }

  async function read(objects: CalendarObject[], range: Interval, studioTimeZone: string) {
    const outcome: Outcome = { busy: [], unreadable: [] };
    let next = 0;
    while (next < objects.length) {
      const current = await running();
      const remaining = objects.slice(next);
      const stoppedAt = await readFrom(
        current,
        {
          objects: remaining,
          start: range.start.getTime(),
          end: range.end.getTime(),
          studioTimeZone,
          maxRuleSteps,
        },
        outcome,
      );
      if (stoppedAt === null) break;
      replace(current);
      const overrun = remaining[stoppedAt];
      if (overrun !== undefined) {
        const cover = firstTimeCover(overrun.data, range, studioTimeZone);
        if (cover !== null) outcome.busy.push(cover);
        const reason = `it took over ${deadlineMs} ms to expand`;
        outcome.unreadable.push({ href: overrun.href, reason });
        options.log('warn', 'a calendar event cannot be read: its first time is held as busy', {
          href: overrun.href,
          reason,
        });
      }
      next += stoppedAt + 1;
    }
    outcome.busy.sort((a, b) => a.start.getTime() - b.start.getTime());
    return outcome;
  }

  return {
    busyTimesIn(objects, range, studioTimeZone) {
      const answer = turn.then(() => read(objects, range, studioTimeZone));
      turn = answer.catch(() => undefined);
      return answer;
    },
    async close() {
      const current = worker;
      worker = null;
      if (current !== null) await (await current.catch(() => null))?.terminate();
    },
  };
}
