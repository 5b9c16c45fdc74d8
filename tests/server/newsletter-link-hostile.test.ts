import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { postJson, SITE_ORIGIN } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { sendHostileTo } from './hostile-request';
import { sentTo, uniqueAddress } from './helpers/newsletter-mail';

const DAY_MS = 24 * 60 * 60 * 1000;
const FORM = 'application/x-www-form-urlencoded';
const ONE_CLICK = 'List-Unsubscribe=One-Click';
const LINK_PAGES = ['This link no longer works', 'This request was refused'];
function tokenIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`${SITE_ORIGIN}${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (match?.[1] === undefined) throw new Error(`No ${path} link in the email`);
  return match[1];
}

type Tokens = { confirm: string; unsubscribe: string; used: string; expired: string };

type Case = {
  label: string;
  path: '/newsletter/confirm' | '/newsletter/unsubscribe';
  method: string;
  query: string;
  headers?: Record<string, string | null>;
  body?: string | Buffer;
  isChunked?: boolean;
  status: number;
};

/** Each one aims at a link that would act if it were sent right: none of them may. */
function hostileCases(tokens: Tokens): Case[] {
  const cases: Case[] = [];
  const paths = [
    { path: '/newsletter/confirm', token: tokens.confirm, body: '' },
    { path: '/newsletter/unsubscribe', token: tokens.unsubscribe, body: ONE_CLICK },
  ] as const;
  const badQueries: [string, string, number][] = [
    ['missing', '', 400],
    ['empty', '?token=', 404],
    ['oversized', `?token=${'A'.repeat(8_000)}`, 404],
    ['not base64url', '?token=%2B%2F%3D%3D!!*', 404],
    ['unicode', `?token=${encodeURIComponent('✓🔥ﬁ\u202e'.repeat(8))}`, 404],
    ['SQL-looking', `?token=${encodeURIComponent("' OR '1'='1'; drop table subscribers;--")}`, 404],
    ['NUL byte', '?token=%00', 404],
    ['under another name', '?Token=x&token%5B%5D=x', 400],
  ];
  for (const { path, token, body } of paths) {
    const headers = { 'content-type': FORM, origin: SITE_ORIGIN };
    for (const [label, query, status] of badQueries) {
      for (const method of ['GET', 'HEAD']) {
        cases.push({ label: `${method} ${label} token`, path, method, query, status });
      }
      cases.push({
        label: `POST ${label} token`,
        path,
        method: 'POST',
        query,
        headers,
        body,
        status,
      });
    }
    const repeated = [
      ['the same token twice', `?token=${token}&token=${token}`],
      ['a stranger before the token', `?token=${'B'.repeat(43)}&token=${token}`],
      ['the token before a stranger', `?token=${token}&token=x`],
    ];
    for (const [label, query] of repeated) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        cases.push({
          label: `${method} ${label ?? ''}`,
          path,
          method,
          query: query ?? '',
          headers,
          body: method === 'POST' ? body : undefined,
          status: 400,
        });
      }
    }
    const query = `?token=${token}`;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      cases.push({
        label: `${method} a live link`,
        path,
        method,
        query,
        headers,
        body,
        status: 405,
      });
    }
    const post = (label: string, extra: Partial<Case>): void => {
      cases.push({ label, path, method: 'POST', query, headers, body, status: 400, ...extra });
    };
    post('cross-site Origin', {
      headers: { ...headers, origin: 'https://evil.example' },
      status: 403,
    });
    post('cross-site fetch metadata', {
      headers: { ...headers, origin: null, 'sec-fetch-site': 'cross-site' },
      status: 403,
    });
    post('an oversized body', { body: `${body}&pad=${'x'.repeat(4_096)}` });
    post('an oversized chunked body', { body: Buffer.alloc(256 * 1024, 0x61), isChunked: true });
    post('a JSON body', {
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }),
    });
    post('a text body', { headers: { ...headers, 'content-type': 'text/plain' } });
    post('a broken multipart body', {
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=zz' },
      body: '--zz\r\nnot a part',
    });
  }
  cases.push(
    {
      label: 'POST a used confirmation link',
      path: '/newsletter/confirm',
      method: 'POST',
      query: `?token=${tokens.used}`,
      headers: { 'content-type': FORM, origin: SITE_ORIGIN },
      body: '',
      status: 404,
    },
    {
      label: 'GET a used confirmation link',
      path: '/newsletter/confirm',
      method: 'GET',
      query: `?token=${tokens.used}`,
      status: 404,
    },
    {
      label: 'POST an expired confirmation link',
      path: '/newsletter/confirm',
      method: 'POST',
      query: `?token=${tokens.expired}`,
      headers: { 'content-type': FORM, origin: SITE_ORIGIN },
      body: '',
      status: 410,
    },
    {
      label: 'GET an expired confirmation link',
      path: '/newsletter/confirm',
      method: 'GET',
      query: `?token=${tokens.expired}`,
      status: 410,
    },
    {
      label: 'POST an unsubscribe token never issued',
      path: '/newsletter/unsubscribe',
      method: 'POST',
      query: `?token=${'C'.repeat(43)}`,
      headers: { 'content-type': FORM },
      body: ONE_CLICK,
      status: 404,
    },
  );
  return cases;
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`newsletter links, hostile (${backend.name})`, () => {
    let app: TestApp;
    let tokens: Tokens;
    const signUp = (email: string) => postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, { email });

    async function mailFor(email: string): Promise<ParsedMail> {
      return app.smtp.waitFor(sentTo(email));
    }

    beforeAll(async () => {
      app = await startTestApp(backend);
      const pending = uniqueAddress('links');
      await signUp(pending);
      const pendingMail = await mailFor(pending);

      const confirmed = uniqueAddress('links');
      await signUp(confirmed);
      const confirmedMail = await mailFor(confirmed);
      const used = tokenIn(confirmedMail, '/newsletter/confirm');
      const confirmedNow = await fetch(`${app.url}/newsletter/confirm?token=${used}`, {
        method: 'POST',
        headers: { 'content-type': FORM, origin: SITE_ORIGIN },
      });
      if (confirmedNow.status !== 200) throw new Error('expected the confirmation to work');

      const late = uniqueAddress('links');
      await app.store.subscribe(late, { now: new Date(Date.now() - 8 * DAY_MS) });
      await signUp(uniqueAddress('links')); // wakes the outbox worker
      const lateMail = await mailFor(late);

      tokens = {
        confirm: tokenIn(pendingMail, '/newsletter/confirm'),
        unsubscribe: tokenIn(confirmedMail, '/newsletter/unsubscribe'),
        used,
        expired: tokenIn(lateMail, '/newsletter/confirm'),
      };
    });
    afterAll(() => app.close());

    it('answers every hostile link request with a calm 4xx page and changes nothing', async () => {
      // Every email of the setup sent first, so an email queued by a case would show.
      await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
      const before = await app.store.listSubscribers();
      const outboxBefore = await app.store.readOutboxBacklog();
      const failures: string[] = [];
      for (const spec of hostileCases(tokens)) {
        const where = `${spec.path} ${spec.label}`;
        const response = await sendHostileTo(`${app.url}${spec.path}${spec.query}`, {
          method: spec.method,
          headers: spec.headers ?? {},
          body: spec.body,
          isChunked: spec.isChunked,
        }).catch((error: unknown) => {
          failures.push(`${where}: ${String(error)}`);
          return null;
        });
        if (response === null) continue;
        if (response.status !== spec.status) {
          failures.push(`${where}: ${response.status}, expected ${spec.status}`);
          continue;
        }
        if (spec.method === 'HEAD') continue;
        if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
          failures.push(`${where}: not a page`);
        }
        if (!LINK_PAGES.some((words) => response.text.includes(words))) {
          failures.push(`${where}: not the calm page`);
        }
        if (/Error|\bat .+:\d+:\d+/.test(response.text)) failures.push(`${where}: leaks an error`);
      }
      expect(failures).toEqual([]);
      expect(await app.store.listSubscribers()).toEqual(before);
      expect(await app.store.readOutboxBacklog()).toEqual(outboxBefore);
      expect(app.logs.filter((entry) => entry.level === 'error')).toEqual([]);
      expect(
        app.logs.filter((entry) => entry.msg === 'request' && Number(entry.status) >= 500),
      ).toEqual([]);
    });

    it('still acts on the real requests: the button, and a multipart one-click from a mail provider', async () => {
      const confirm = await fetch(`${app.url}/newsletter/confirm?token=${tokens.confirm}`, {
        method: 'POST',
        headers: { 'content-type': FORM, origin: SITE_ORIGIN },
      });
      expect(confirm.status).toBe(200);

      const oneClick = new FormData();
      oneClick.set('List-Unsubscribe', 'One-Click');
      const unsubscribe = await fetch(
        `${app.url}/newsletter/unsubscribe?token=${tokens.unsubscribe}`,
        { method: 'POST', body: oneClick },
      );
      expect(unsubscribe.status).toBe(200);
      expect(await unsubscribe.text()).toContain('You are unsubscribed');
      const statuses = (await app.store.listSubscribers()).map((row) => row.status).sort();
      expect(statuses).toEqual(['confirmed', 'pending', 'pending', 'unsubscribed']);
    });
  });
}
