import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceReport } from '../../common/audience';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { CONFIRM_PATH } from '../../server/newsletter/newsletter-links';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { linkIn, sentTo } from './helpers/newsletter-mail';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { readRawRows } from './helpers/studio-database';
import { insertLetter } from './helpers/letter-rows';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A page load's id, as the page makes it. */
const PAGE_LOAD = 'k3j9x0q2za';

const today = (): string => new Date().toISOString().slice(0, 10);

/** One visit from a person, as a browser sends it. */
function visit(app: TestApp, path: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, { headers: { 'user-agent': DESKTOP, ...headers } });
}

/**
 * Views under Global Privacy Control are joined within a minute of the clock (0061): the three
 * of the reload storm are sent clear of a minute's end, so they cannot fall into two minutes.
 */
async function untilClearOfMinuteEnd(marginMs = 5_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe.each(BACKENDS)('the audience on $name', (backend) => {
  let app: TestApp;
  let cookie: string;

  const report = async (): Promise<AudienceReport> => {
    const response = await studioFetch(
      studioTargetOf(app),
      `/audience?from=${today()}&to=${today()}`,
      { cookie },
    );
    expect(response.status).toBe(200);
    return (await response.json()) as AudienceReport;
  };

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend);
    ({ cookie } = await createSignedInStaff(studioTargetOf(app)));
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'counts people once per view, bots apart, and leaves out what is not a page view',
    async () => {
      const before = await report();
      expect((await visit(app, '/?utm_source=Newsletter&utm_campaign=spring-offer')).status).toBe(
        200,
      );
      await visit(app, '/', { 'user-agent': PHONE, referer: 'https://www.linkedin.com/feed/?q=x' });
      await visit(app, '/no-such-page');
      await visit(app, '/another-made-up-page');
      await visit(app, '/', { 'user-agent': GOOGLEBOT });
      await visit(app, '/', { 'sec-purpose': 'prefetch' });
      await visit(app, '/', { purpose: 'prefetch' });
      await fetch(`${app.url}/`, { method: 'HEAD', headers: { 'user-agent': DESKTOP } });
      await visit(app, '/studio');
      await visit(app, '/assets/app-7b2e4d.js');
      await visit(app, '/', { 'sec-gpc': '1', 'user-agent': 'Mozilla/5.0 (Macintosh) Safari/605' });

      // Views are written in batches after their answers: wait for the last one.
      // Desktop visitor: `/` and two 404s; phone: `/`; the GPC view: `/`, a visitor of its own.
      await expect
        .poll(async () => (await report()).totals.pageviews - before.totals.pageviews)
        .toBe(5);
      const after = await report();
      expect(after.totals.visitors - before.totals.visitors).toBe(3);
      expect(after.totals.filtered - before.totals.filtered).toBe(1);
      expect(after.pages).toEqual(
        expect.arrayContaining([
          { path: '/', pageviews: 3 },
          { path: 'not-found', pageviews: 2 },
        ]),
      );
      expect(after.sources).toEqual(
        expect.arrayContaining([
          {
            source: 'newsletter',
            visitors: 1,
            enquiries: 0,
            won: 0,
            lost: 0,
            wonValue: [],
            subscribers: 0,
          },
          {
            source: 'linkedin.com',
            visitors: 1,
            enquiries: 0,
            won: 0,
            lost: 0,
            wonValue: [],
            subscribers: 0,
          },
        ]),
      );
      expect(after.campaigns).toContainEqual({
        source: 'newsletter',
        medium: null,
        campaign: 'spring-offer',
        letter: null,
        visitors: 1,
        enquiries: 0,
        won: 0,
        lost: 0,
        wonValue: [],
        subscribers: 0,
      });
      expect(after.devices).toEqual(
        expect.arrayContaining([
          { device: 'desktop', visitors: 2 },
          { device: 'phone', visitors: 1 },
        ]),
      );
    },
  );

  it.skipIf(isUnavailable(backend))(
    'counts every view of a reload storm in a few rows, and a private browser once',
    async () => {
      const before = await report();
      const agent = `${DESKTOP} reload-storm/${backend.name}`;
      const storm = Array.from({ length: 100 }, () =>
        visit(app, '/?utm_source=reload-storm', { 'user-agent': agent }),
      );
      await untilClearOfMinuteEnd();
      const privately = Array.from({ length: 3 }, () =>
        visit(app, '/', { 'user-agent': agent, 'sec-gpc': '1' }),
      );
      const answers = await Promise.all([...storm, ...privately]);
      expect(answers.map((answer) => answer.status)).toEqual(Array(103).fill(200));

      await expect
        .poll(async () => (await report()).totals.pageviews - before.totals.pageviews)
        .toBe(103);
      const after = await report();
      // One person, and the same browser under Global Privacy Control: one visit of its minute.
      expect(after.totals.visitors - before.totals.visitors).toBe(2);
      const rows = (await readRawRows(app.config, 'audience_views')).filter(
        (row) => row.source === 'reload-storm',
      );
      expect(rows.reduce((sum, row) => sum + Number(row.views), 0)).toBe(100);
      // A row per batch the storm fell into (a batch is a quarter of a second), not per view.
      expect(rows.length).toBeLessThanOrEqual(10);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'keeps the visit an enquiry came from with it, and counts the enquiry for its source',
    async () => {
      const campaignAgent = `${DESKTOP} attribution`;
      await visit(app, '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-offer', {
        'user-agent': campaignAgent,
      });
      const sent = await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
        'user-agent': campaignAgent,
      });
      expect(sent.status).toBe(201);
      const detail = await studioFetch(studioTargetOf(app), `/leads/${idOf(sent.body)}`, {
        cookie,
      });
      const body = (await detail.json()) as { attribution: Record<string, unknown> | null };
      expect(body.attribution).toMatchObject({
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring-offer',
        landingPath: '/',
      });
      const after = await report();
      expect(after.campaigns).toContainEqual({
        source: 'newsletter',
        medium: 'email',
        campaign: 'spring-offer',
        letter: null,
        visitors: 1,
        enquiries: 1,
        won: 0,
        lost: 0,
        wonValue: [],
        subscribers: 0,
      });

      const unseen = await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
        'user-agent': `${DESKTOP} never visited`,
      });
      const unseenDetail = await studioFetch(studioTargetOf(app), `/leads/${idOf(unseen.body)}`, {
        cookie,
      });
      expect(((await unseenDetail.json()) as { attribution: unknown }).attribution).toBeNull();
    },
  );

  it.skipIf(isUnavailable(backend))(
    'counts the won and lost enquiries of a source and a campaign beside its enquiries, and what the won ones are worth',
    async () => {
      const agent = `${DESKTOP} outcomes`;
      await visit(app, '/?utm_source=linkedin&utm_medium=social&utm_campaign=autumn-cases', {
        'user-agent': agent,
      });
      const ids: string[] = [];
      for (let count = 0; count < 4; count += 1) {
        const sent = await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
          'user-agent': agent,
        });
        expect(sent.status).toBe(201);
        ids.push(idOf(sent.body));
      }
      const [won = '', lost = '', proposal = ''] = ids;
      // Only the won lead's value counts: a proposal or a lost lead brought nothing yet.
      for (const [id, stage, amount] of [
        [won, 'won', '12000'],
        [lost, 'lost', '300'],
        [proposal, 'proposal', '500'],
      ]) {
        const changed = await studioFetch(studioTargetOf(app), `/leads/${id}`, {
          method: 'PATCH',
          body: { stage, value: { amount, currency: 'GBP' } },
          cookie,
        });
        expect(changed.status).toBe(200);
      }
      const after = await report();
      expect(after.sources).toContainEqual({
        source: 'linkedin',
        visitors: 1,
        enquiries: 4,
        won: 1,
        lost: 1,
        wonValue: [{ amount: 12000, currency: 'GBP' }],
        subscribers: 0,
      });
      expect(after.campaigns).toContainEqual({
        source: 'linkedin',
        medium: 'social',
        campaign: 'autumn-cases',
        letter: null,
        visitors: 1,
        enquiries: 4,
        won: 1,
        lost: 1,
        wonValue: [{ amount: 12000, currency: 'GBP' }],
        subscribers: 0,
      });
    },
  );

  it.skipIf(isUnavailable(backend))(
    'credits a sent letter with the enquiries its links brought and what the won ones are worth',
    async () => {
      await insertLetter(app.config, {
        id: 'spring-letter',
        slug: 'spring-letter',
        subject: 'Spring at the studio',
        body: 'Hello.',
        state: 'sent',
        sentAt: new Date().toISOString(),
      });
      // A webmail's page is the referrer; the letter's own marks still say which letter it was.
      const agent = `${DESKTOP} letter reader`;
      await visit(app, '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-letter', {
        'user-agent': agent,
        referer: 'https://mail.example.net/',
      });
      const sent = await postJson(`${app.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
        'user-agent': agent,
      });
      expect(sent.status).toBe(201);
      const changed = await studioFetch(studioTargetOf(app), `/leads/${idOf(sent.body)}`, {
        method: 'PATCH',
        body: { stage: 'won', value: { amount: '12000', currency: 'GBP' } },
        cookie,
      });
      expect(changed.status).toBe(200);
      const credited = (await report()).campaigns.filter(
        (row) => row.letter?.slug === 'spring-letter',
      );
      expect(credited).toEqual([
        expect.objectContaining({
          medium: 'email',
          campaign: 'spring-letter',
          letter: { slug: 'spring-letter', subject: 'Spring at the studio' },
          enquiries: 1,
          won: 1,
          wonValue: [{ amount: 12000, currency: 'GBP' }],
        }),
      ]);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'counts a confirmed subscriber for the visit it came from, not for the mail client that opened the link',
    async () => {
      const agent = `${DESKTOP} subscriber`;
      const email = 'reader-from-spring@example.com';
      await visit(app, '/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-offer', {
        'user-agent': agent,
      });
      await app.store.subscribe(email);
      // The link the subscriber received: the outbox mints it as it sends, so a token minted
      // here would be replaced by the one in the email.
      const mail = await app.smtp.waitFor(sentTo(email));
      const confirmPath = linkIn(mail, CONFIRM_PATH, app.url).replace(app.url, '');
      // The link is clicked in a web mail client, which the confirmation page sees as referrer.
      await visit(app, confirmPath, { 'user-agent': agent, referer: 'https://mail.example.net/' });
      const confirmed = await fetch(`${app.url}${confirmPath}`, {
        method: 'POST',
        headers: {
          'user-agent': agent,
          origin: app.config.siteOrigin,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: '',
      });
      expect(confirmed.status).toBe(200);

      const after = await report();
      expect(after.totals.subscribers).toBeGreaterThanOrEqual(1);
      expect(after.campaigns).toContainEqual(
        expect.objectContaining({ campaign: 'spring-offer', medium: 'email', subscribers: 1 }),
      );
      expect(after.sources).toContainEqual(
        expect.objectContaining({ source: 'newsletter', subscribers: 1 }),
      );
      expect(after.sources).toContainEqual(
        expect.objectContaining({ source: 'mail.example.net', subscribers: 0 }),
      );
    },
  );

  it.skipIf(isUnavailable(backend))('refuses a bad, reversed or too long range', async () => {
    for (const query of [
      '',
      'from=2026-01-01',
      'from=2026-02-30&to=2026-03-01',
      'from=2026-03-02&to=2026-03-01',
      'from=2025-01-01&to=2026-01-02',
      'from=x&to=y',
    ]) {
      const response = await studioFetch(studioTargetOf(app), `/audience?${query}`, { cookie });
      expect(response.status, query).toBe(400);
    }
    const unsigned = await studioFetch(
      studioTargetOf(app),
      `/audience?from=${today()}&to=${today()}`,
    );
    expect(unsigned.status).toBe(401);
  });
});

describe('the beacon, POST /api/audience', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A clock that stands still: the flood limit counts per minute.
    const startedAt = Date.now();
    app = await startTestApp(BACKENDS[0]!, {}, { now: () => startedAt });
  });
  afterAll(() => app.close());

  const send = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api/audience`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP, ...headers },
      body,
    });
  // Every beacon answered so far is queued: once written, a sample wrongly taken is in the store.
  const samples = async (): Promise<number> => {
    await app.flushAudience();
    const rows = await app.store.audience.summarizeRawVitals(today(), today());
    return rows.reduce((sum, row) => sum + row.samples, 0);
  };

  it('takes the measured metrics with 204 and no cookie', async () => {
    const response = await send(
      JSON.stringify({
        pageLoad: PAGE_LOAD,
        metrics: [
          { name: 'LCP', value: 1234.5 },
          { name: 'CLS', value: 0.02 },
        ],
      }),
      { 'x-forwarded-for': '198.51.100.1' },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    await expect.poll(samples).toBe(2);
  });

  it.each([
    ['not JSON', '{', 400],
    [
      'an unknown field',
      JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: 1 }], who: 'me' }),
      400,
    ],
    [
      'an unknown metric',
      JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'FID', value: 1 }] }),
      400,
    ],
    [
      'a negative value',
      JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: -1 }] }),
      400,
    ],
    [
      'a huge value',
      JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: 1e308 }] }),
      400,
    ],
    [
      'a string value',
      JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: '1' }] }),
      400,
    ],
    ['NaN', '{"pageLoad":"k3j9x0q2za","metrics":[{"name":"LCP","value":NaN}]}', 400],
    ['no metrics', JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [] }), 400],
    ['no page-load id', JSON.stringify({ metrics: [{ name: 'LCP', value: 1 }] }), 400],
    [
      'a page-load id that is not one',
      JSON.stringify({ pageLoad: 'x\n'.repeat(40), metrics: [{ name: 'LCP', value: 1 }] }),
      400,
    ],
    [
      'too many metrics',
      JSON.stringify({ pageLoad: PAGE_LOAD, metrics: Array(5).fill({ name: 'LCP', value: 1 }) }),
      400,
    ],
    ['a list', '[]', 400],
    [
      'over 4 KB',
      JSON.stringify({
        pageLoad: PAGE_LOAD,
        metrics: [{ name: 'LCP', value: 1 }],
        pad: 'x'.repeat(5000),
      }),
      413,
    ],
  ])('refuses %s and keeps nothing', async (_label, body, status) => {
    const before = await samples();
    const response = await send(body);
    expect(response.status).toBe(status);
    expect(await samples()).toBe(before);
  });

  it('answers another method with 405 and another type with 415, keeping nothing', async () => {
    const before = await samples();
    const get = await fetch(`${app.url}/api/audience`, { headers: { 'user-agent': DESKTOP } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const body = JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: 900 }] });
    const html = await send(body, { 'content-type': 'text/html' });
    expect(html.status).toBe(415);
    expect(await html.json()).toEqual({ success: false, error: 'not_json' });
    expect(html.headers.get('cache-control')).toBe('no-store');
    expect(html.headers.get('content-security-policy')).not.toBeNull();
    expect(await samples()).toBe(before);
  });

  it('refuses a body streamed past 4 KB without a length with 413, and keeps nothing', async () => {
    const before = await samples();
    const chunk = new TextEncoder().encode(' '.repeat(1024));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode('{"pageLoad":"k3j9x0q2za","metrics":[{"name":"LCP","value":1}]'),
        );
        for (let index = 0; index < 5; index += 1) controller.enqueue(chunk);
        controller.enqueue(new TextEncoder().encode('}'));
        controller.close();
      },
    });
    const response = await fetch(`${app.url}/api/audience`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': DESKTOP },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await samples()).toBe(before);
  });

  it('refuses a flood from one address with 429, keeping at most 30 a minute', async () => {
    const body = JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'TTFB', value: 80 }] });
    const statuses: number[] = [];
    for (let index = 0; index < 40; index += 1) statuses.push((await send(body)).status);
    const firstRefused = statuses.indexOf(429);
    // The address sent one beacon before this test: its 30th is the last one taken.
    expect(firstRefused).toBe(29);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
  });

  it('ignores a bot with 204', async () => {
    const before = await samples();
    const body = JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: 100 }] });
    expect((await send(body, { 'user-agent': GOOGLEBOT })).status).toBe(204);
    expect(await samples()).toBe(before);
  });
});

describe('AUDIENCE=off', () => {
  it('counts nothing and has no beacon', async () => {
    const app = await startTestApp(BACKENDS[0]!, { AUDIENCE: 'off' });
    try {
      await visit(app, '/');
      const beacon = await fetch(`${app.url}/api/audience`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': DESKTOP },
        body: JSON.stringify({ pageLoad: PAGE_LOAD, metrics: [{ name: 'LCP', value: 1 }] }),
      });
      expect(beacon.status).toBe(404);
      await app.flushAudience();
      expect(await readRawRows(app.config, 'audience_views')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
