import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { expect, it } from 'vitest';
import type { AudienceReport } from '../../common/audience';
import { describeEachStore } from '../../tests/server/helpers/store-fixtures';
import type { NewView } from '../store/audience/audience-repository';
import type { AudienceMeter } from './audience-meter';
import { buildAudienceReport } from './build-report';
import { VIEWS_PER_CLIENT_MINUTE } from './client-minute-bound';
import { createUserAgentFacts } from './user-agent-facts';
import { createViewCounter } from './view-counter';

const DAY = '2026-03-02';
/** 10:00:00 UTC on DAY: the start of a minute of the clock. */
const T0 = Date.parse(`${DAY}T10:00:00.000Z`);
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A GET of `target` answered 200, from `address` (as the proxy in front says). */
function requestOf(target: string, address: string, headers: Record<string, string> = {}) {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = target;
  request.headers = { 'user-agent': BROWSER, 'x-forwarded-for': address, ...headers };
  return request;
}

describeEachStore('counting views a stranger cannot inflate', (subject) => {
  /** A counter over the store, its clock, what it wrote, and what it metered as dropped. */
  const counterAt = (now: { at: number }) => {
    const written: NewView[] = [];
    const dropped = new Map<string, number>();
    const meter: AudienceMeter = {
      taken: () => undefined,
      dropped: (reason, count) => dropped.set(reason, (dropped.get(reason) ?? 0) + count),
    };
    const counter = createViewCounter({
      audience: {
        recordViews: (views, filtered) => {
          written.push(...views);
          return subject.store.audience.recordViews(views, filtered);
        },
      },
      salts: { read: () => Promise.resolve('salt-of-the-day') },
      userAgentFacts: createUserAgentFacts(),
      // Every connection is the proxy: the client is the address it forwards.
      proxies: { trustProxy: 1, isTrustedProxy: () => true },
      ownHost: 'emberandink.example',
      servedRevision: () => null,
      meter,
      log: () => undefined,
      now: () => now.at,
    });
    return { counter, written, dropped };
  };

  const report = (): Promise<AudienceReport> =>
    buildAudienceReport(
      {
        audience: subject.store.audience,
        listPublishes: () => Promise.resolve([]),
        letters: subject.store.publishedLetters,
      },
      DAY,
      DAY,
    );

  it('adds one visitor for 2,000 views under Global Privacy Control from one browser, each with a new query', async () => {
    const now = { at: T0 };
    const { counter, dropped } = counterAt(now);
    for (let view = 0; view < 2_000; view += 1) {
      now.at = T0 + view * 20;
      counter.see(requestOf(`/?v=${view}`, '203.0.113.7', { 'sec-gpc': '1' }), 200);
    }
    await counter.flush();

    const { totals, sources } = await report();
    expect(totals).toMatchObject({
      visitors: 1,
      pageviews: VIEWS_PER_CLIENT_MINUTE,
      filtered: 2_000 - VIEWS_PER_CLIENT_MINUTE,
    });
    expect(sources).toEqual([expect.objectContaining({ source: 'direct', visitors: 1 })]);
    expect(dropped.get('flood')).toBe(2_000 - VIEWS_PER_CLIENT_MINUTE);
  });

  it('counts a private browser again in a later minute, and another browser on its own', async () => {
    const now = { at: T0 };
    const { counter } = counterAt(now);
    const privately = { 'sec-gpc': '1' };
    counter.see(requestOf('/', '203.0.113.7', privately), 200);
    counter.see(requestOf('/work', '203.0.113.7', privately), 200);
    counter.see(requestOf('/', '203.0.113.7', { ...privately, 'user-agent': `${BROWSER} 2` }), 200);
    await counter.flush();
    now.at = T0 + 60_000;
    counter.see(requestOf('/', '203.0.113.7', privately), 200);
    await counter.flush();

    const { totals, pages } = await report();
    expect(totals).toMatchObject({ visitors: 3, pageviews: 4 });
    expect(pages).toEqual(
      expect.arrayContaining([
        { path: '/', pageviews: 3 },
        { path: '/work', pageviews: 1 },
      ]),
    );
  });

  it('joins a visitor’s views whatever else the query or the referrer holds, keeping the attribution', async () => {
    const now = { at: T0 };
    const { counter, written } = counterAt(now);
    for (let view = 0; view < 200; view += 1) {
      now.at = T0 + view;
      counter.see(
        requestOf(`/?utm_source=newsletter&utm_campaign=spring&token=${view}`, '203.0.113.9', {
          referer: `https://emberandink.example/?page=${view}`,
        }),
        200,
      );
    }
    await counter.flush();

    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ path: '/', source: 'newsletter', views: 200 });
    const { totals, campaigns } = await report();
    expect(totals).toMatchObject({ visitors: 1, pageviews: 200 });
    expect(campaigns).toEqual([
      expect.objectContaining({ source: 'newsletter', campaign: 'spring', visitors: 1 }),
    ]);
  });

  it('takes at most the bound from one client a minute, an IPv6 /64 as one, and each minute anew', async () => {
    const now = { at: T0 };
    const { counter } = counterAt(now);
    const over = 50;
    for (let view = 0; view < VIEWS_PER_CLIENT_MINUTE + over; view += 1) {
      // A new address of the same /64, and a new user agent, for every view.
      const address = `2001:db8:1:2::${(view + 1).toString(16)}`;
      counter.see(requestOf('/', address, { 'user-agent': `${BROWSER} ${view}` }), 200);
    }
    counter.see(requestOf('/', '2001:db8:1:3::1'), 200);
    now.at = T0 + 60_000;
    counter.see(requestOf('/', '2001:db8:1:2::1'), 200);
    await counter.flush();

    const { totals } = await report();
    expect(totals).toMatchObject({
      visitors: VIEWS_PER_CLIENT_MINUTE + 2,
      pageviews: VIEWS_PER_CLIENT_MINUTE + 2,
      filtered: over,
    });
  });
});
