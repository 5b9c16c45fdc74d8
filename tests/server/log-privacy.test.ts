import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { readBuildMeta } from '../../server/build-meta';
import { builtServer, builtServerEnv } from '../support/built-app';
import { solvedChallenge, TEST_CHALLENGE_SECRET } from '../support/challenge-solver';

const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
/** A documentation address (RFC 5737) the journey claims to come from, through a trusted proxy. */
const CLIENT_IP = '203.0.113.77';

/**
 * The built server with the built site, as production runs it; every line it writes, stdout and
 * stderr, is kept for the scan.
 */
async function startServer(dataDir: string, siteUrl: string) {
  const child = spawn(process.execPath, [builtServer()], {
    cwd: PROJECT_ROOT,
    env: builtServerEnv({
      DATA_DIR: dataDir,
      SITE_URL: siteUrl,
      TRUST_PROXY: '1',
      // Each endpoint counts on its own: the fifth contact post is the one refused.
      RATE_LIMIT_MAX: '4',
      CHALLENGE_SECRET: TEST_CHALLENGE_SECRET,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => lines.push(line));
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const match = /"msg":"listening","url":"([^"]+)"/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code}:\n${lines.join('\n')}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    lines,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('the logs of a whole journey', () => {
  let root: string;
  let siteUrl: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'ember-log-privacy-'));
    siteUrl = (await readBuildMeta(path.join(PROJECT_ROOT, 'dist')))?.siteUrl ?? '';
    if (siteUrl === '') throw new Error('The site is not built: run `npm run build` first.');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('carry no address, name, message or client IP that was submitted', async () => {
    const dataDir = path.join(root, 'data');
    const server = await startServer(dataDir, siteUrl);
    const tag = randomUUID().slice(0, 8);
    const person = {
      name: `Ottilie Quarrington ${tag}`,
      email: `ottilie.${tag}@example.com`,
      service: 'Brand Strategy',
      message: `Our lighthouse café needs a sign ${tag}`,
    };
    const headers = { origin: siteUrl, 'x-forwarded-for': CLIENT_IP };
    const post = async (endpoint: string, type: string, body: string) =>
      (
        await fetch(`${server.url}${endpoint}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, 'content-type': type },
          body,
        })
      ).status;
    const json = 'application/json';
    const form = 'application/x-www-form-urlencoded';
    try {
      const statuses = [
        await post(
          CONTACT_ENDPOINT,
          json,
          JSON.stringify({ ...person, altcha: await solvedChallenge() }),
        ),
        await post(CONTACT_ENDPOINT, form, new URLSearchParams(person).toString()),
        await post(
          NEWSLETTER_ENDPOINT,
          json,
          JSON.stringify({ email: `news.${person.email}`, altcha: await solvedChallenge() }),
        ),
        await post(CONTACT_ENDPOINT, json, JSON.stringify({ ...person, email: `${tag}@` })),
        await post(
          CONTACT_ENDPOINT,
          form,
          new URLSearchParams({ ...person, email: `${tag}@` }).toString(),
        ),
        await post(NEWSLETTER_ENDPOINT, form, `email=${encodeURIComponent(person.email)}`),
        await post(CONTACT_ENDPOINT, json, JSON.stringify(person)),
      ];
      expect(statuses).toEqual([201, 303, 200, 422, 422, 303, 429]);
      // A link that carries an address in its query string: the access log names the path only.
      const linked = await fetch(`${server.url}/?email=${encodeURIComponent(person.email)}`);
      expect(linked.status).toBe(200);
      await expect.poll(() => server.lines.some((line) => line.includes('"path":"/"'))).toBe(true);
      // The development mailbox has written the one real enquiry and the one real sign-up's
      // confirmation (the unsolved posts are set aside unsent), and logged that it did.
      const mailboxKinds = async () =>
        (await readdir(path.join(dataDir, 'mailbox')).catch(() => []))
          .map((file) => /-(enquiry|subscriber)-/.exec(file)?.[1] ?? file)
          .sort();
      await expect.poll(mailboxKinds).toEqual(['enquiry', 'subscriber']);
      await expect.poll(() => server.lines.some((line) => line.includes('written to'))).toBe(true);
    } finally {
      await server.stop();
    }

    const log = server.lines.join('\n');
    expect(log).toContain('"msg":"enquiry stored"');
    for (const value of [
      person.name,
      'Ottilie',
      'Quarrington',
      person.email,
      `ottilie.${tag}`,
      person.message,
      'lighthouse',
      CLIENT_IP,
      '203.0.113',
    ]) {
      expect(log, `the log carries "${value}"`).not.toContain(value);
    }
  });
});
