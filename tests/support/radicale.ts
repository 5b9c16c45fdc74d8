import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { findFreePort, isListening } from './listen-on-loopback';

const RADICALE = '/usr/bin/radicale';
const HTPASSWD = '/usr/bin/htpasswd';

/**
 * Whether Debian's Radicale is here to test against. CI must have it (`.ci/run` installs
 * radicale and apache2-utils): there a missing one fails the run; locally its suites are
 * skipped, loudly.
 */
export function hasRadicale(): boolean {
  if (existsSync(RADICALE) && existsSync(HTPASSWD)) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      `${RADICALE} or ${HTPASSWD} is missing: CI must install radicale and apache2-utils.`,
    );
  }
  console.warn(
    'SKIPPING the calendar tests: Radicale is not installed. To run them: apt-get install radicale apache2-utils',
  );
  return false;
}

export type Radicale = {
  user: string;
  password: string;
  port: number;
  /**
   * Makes a new, empty calendar collection and answers its URL with the user and password in
   * it, as CALDAV_URL takes it: `http://user:pass@127.0.0.1:<port>/user/<name>/`.
   */
  createCalendar(name: string): Promise<string>;
  /** Stores one iCalendar object as `<name>.ics` in the calendar, as a phone's app would. */
  put(calendarUrl: string, name: string, ics: string): Promise<void>;
  /** The raw iCalendar text of every object in the calendar, by its file name. */
  objects(calendarUrl: string): Promise<Map<string, string>>;
  /** Stops the server, keeping its calendars, as an outage would. */
  pause(): Promise<void>;
  /** Starts it again on the same port with the same calendars. */
  resume(): Promise<void>;
  /** Stops the server and deletes everything it stored. */
  stop(): Promise<void>;
};

/** Splits `http://user:pass@host/path/` into a plain URL and its Basic authorization. */
function withoutCredentials(calendarUrl: string): { url: string; authorization: string } {
  const parsed = new URL(calendarUrl);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  return {
    url: parsed.href,
    authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  };
}

async function expectStatus(response: Response, what: string): Promise<void> {
  if (!response.ok) {
    throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * Starts a throw-away Radicale on 127.0.0.1: one htpasswd user (bcrypt, which Debian's 3.1.8
 * reads without extra Python packages), filesystem storage under a temporary folder, each
 * user reaching only their own calendars. Slow to start: share one per test file.
 */
export async function startRadicale(): Promise<Radicale> {
  const root = await mkdtemp(path.join(tmpdir(), 'ember-radicale-'));
  const user = 'studio';
  const password = randomBytes(12).toString('hex');
  const users = path.join(root, 'users');
  await promisify(execFile)(HTPASSWD, ['-B', '-b', '-c', users, user, password]);
  const port = await findFreePort();
  const config = [
    '[server]',
    `hosts = 127.0.0.1:${port}`,
    '[auth]',
    'type = htpasswd',
    `htpasswd_filename = ${users}`,
    'htpasswd_encryption = bcrypt',
    // A wrong password is answered at once: the tests of a refused login need not wait.
    'delay = 0',
    '[rights]',
    'type = owner_only',
    '[storage]',
    `filesystem_folder = ${path.join(root, 'collections')}`,
    '[web]',
    'type = none',
    '[logging]',
    'level = warning',
  ].join('\n');
  const configFile = path.join(root, 'config');
  await writeFile(configFile, `${config}\n`);

  let child: ChildProcess | null = null;
  const launch = async () => {
    const started = spawn(RADICALE, ['--config', configFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    let output = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 15_000;
    while (!(await isListening(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        started.kill('SIGTERM');
        throw new Error(`Radicale did not start on port ${port}:\n${output}`);
      }
      await sleep(50);
    }
  };
  const halt = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    // A Radicale busy expanding a rule finishes that first; the tests need not wait for it.
    const stubborn = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(stubborn);
  };
  try {
    await launch();
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  const base = `http://${user}:${password}@127.0.0.1:${port}/${user}/`;
  return {
    user,
    password,
    port,
    async createCalendar(name) {
      const calendarUrl = `${base}${encodeURIComponent(name)}/`;
      const { url, authorization } = withoutCredentials(calendarUrl);
      const response = await fetch(url, { method: 'MKCALENDAR', headers: { authorization } });
      await expectStatus(response, `MKCALENDAR ${url}`);
      return calendarUrl;
    },
    async put(calendarUrl, name, ics) {
      const { url, authorization } = withoutCredentials(calendarUrl);
      const response = await fetch(new URL(`${encodeURIComponent(name)}.ics`, url), {
        method: 'PUT',
        headers: { authorization, 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
      await expectStatus(response, `PUT ${name}.ics`);
    },
    async objects(calendarUrl) {
      const { url, authorization } = withoutCredentials(calendarUrl);
      const listing = await fetch(url, {
        method: 'PROPFIND',
        headers: { authorization, depth: '1', 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
      });
      await expectStatus(listing, `PROPFIND ${url}`);
      const hrefs = [
        ...(await listing.text()).matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/g),
      ];
      const found = new Map<string, string>();
      for (const [, href = ''] of hrefs) {
        const response = await fetch(new URL(href, url), { headers: { authorization } });
        await expectStatus(response, `GET ${href}`);
        found.set(decodeURIComponent(href.split('/').pop() ?? ''), await response.text());
      }
      return found;
    },
    pause: halt,
    resume: launch,
    async stop() {
      await halt();
      await rm(root, { recursive: true, force: true });
    },
  };
}
