import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SQLITE_FILE_NAME } from '../../server/store/sqlite-store';
import { builtServer } from '../support/built-app';
import { FIXTURE_SITE_URL, writeFixtureSite } from './helpers/fixture-site';

/**
 * libfaketime, preloaded into node itself: the `faketime` command would fork the server and
 * not pass SIGTERM on to it.
 */
const FAKETIME = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/faketime/libfaketime.so.1`;
/**
 * How many seconds before midnight the server's clock starts: enough to start and count a view
 * on its last day. A machine too slow for one is given the next, so the test waits for the
 * server rather than racing it.
 */
const MARGINS_S = [20, 60, 180];
const DAY = '2026-11-26';
const MIDNIGHT = Date.parse('2026-11-27T00:00:00Z');
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** libfaketime sets the clock of the server process alone. CI must have it (`.ci/run`). */
function hasFaketime(): boolean {
  if (existsSync(FAKETIME)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`${FAKETIME} is missing: CI must install faketime (see .ci/run).`);
  }
  console.warn(
    `SKIPPING the midnight test: ${FAKETIME} is not installed. To run it: apt-get install faketime`,
  );
  return false;
}

type LogEntry = { time: string; msg: string; url?: string };

describe.skipIf(!hasFaketime())('the built server crossing UTC midnight', () => {
  let root: string;
  let file: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-midnight-'));
    file = path.join(root, 'data', SQLITE_FILE_NAME);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  /** The salts in the file, read as an operator could, on a connection closed at once. */
  const salts = (): { day: string; salt: string }[] => {
    const reader = new BetterSqlite3(file, { readonly: true });
    try {
      return reader
        .prepare<[], { day: string; salt: string }>('select * from audience_salts')
        .all();
    } finally {
      reader.close();
    }
  };
  const filesHolding = (salt: string): boolean[] =>
    [file, `${file}-wal`].map((name) => existsSync(name) && readFileSync(name).includes(salt));

  /** The built server on a clock `marginS` seconds before midnight, and what it logs. */
  async function startBeforeMidnight(marginS: number) {
    const fakeStart = new Date(MIDNIGHT - marginS * 1000).toISOString().replace('T', ' ');
    const child = spawn(process.execPath, [builtServer()], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LD_PRELOAD: FAKETIME,
        FAKETIME: `@${fakeStart.slice(0, 19)}`,
        TZ: 'UTC',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(root, 'data'),
        DIST_DIR: await writeFixtureSite(root),
        SITE_URL: FIXTURE_SITE_URL,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const logged: LogEntry[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) logged.push(JSON.parse(line) as LogEntry);
    });
    const entry = (msg: string) => logged.find((logEntry) => logEntry.msg === msg);
    const stop = async () => {
      child.kill('SIGTERM');
      await exited;
    };
    return { entry, stop };
  }

  /** The server's own clock, from the Date of an answer. */
  const serverDay = (answer: Response) =>
    new Date(answer.headers.get('date') ?? '').toISOString().slice(0, 10);

  it('deletes the day salt just after midnight with no visitor, leaving none of its bytes', async () => {
    for (const marginS of MARGINS_S) {
      await rm(path.join(root, 'data'), { recursive: true, force: true });
      const server = await startBeforeMidnight(marginS);
      try {
        await expect.poll(() => server.entry('listening'), { timeout: 60_000 }).toBeDefined();
        const url = server.entry('listening')?.url;
        const answer = await fetch(`${url}/`, { headers: { 'user-agent': DESKTOP } });
        expect(answer.status).toBe(200);
        // The view must be counted, and its salt made, on the server's last day.
        const isSaltedBeforeMidnight = await vi.waitFor(
          async () => {
            if (salts().length === 1) return true;
            if (serverDay(await fetch(`${url}/healthz`)) !== DAY) return false;
            throw new Error('the view is not yet written');
          },
          { timeout: 60_000, interval: 50 },
        );
        if (serverDay(answer) !== DAY || !isSaltedBeforeMidnight) {
          console.info(`the server took over ${marginS} s to count a view; starting it earlier`);
          continue;
        }
        const [{ salt } = { salt: '' }] = salts();
        expect(filesHolding(salt)).toContain(true);

        // Nobody visits again: the server's own timer ends the salt.
        await expect
          .poll(() => server.entry('day salts deleted'), { timeout: (marginS + 60) * 1000 })
          .toBeDefined();
        const deletedAfterMs = Date.parse(server.entry('day salts deleted')?.time ?? '') - MIDNIGHT;
        console.info(`the day salt was deleted ${deletedAfterMs} ms after midnight`);
        // On the day's end, not at the next hourly look: a timer set for midnight itself.
        expect(deletedAfterMs).toBeGreaterThanOrEqual(0);
        expect(deletedAfterMs).toBeLessThan(60_000);
        expect(salts()).toEqual([]);
        expect(filesHolding(salt)).toEqual([false, false]);
        return;
      } finally {
        await server.stop();
      }
    }
    throw new Error(`the server never counted a view within ${MARGINS_S.at(-1)} s of starting`);
  }, 600_000);
});
