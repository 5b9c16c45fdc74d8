import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';

const TOKEN = 'scrape-token-0123456789abcdef';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const today = (): string => new Date().toISOString().slice(0, 10);

describe('what the audience leaves out is counted as dropped', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A clock that stands still: the flood limit counts per minute. One proxy in front, so a
    // test can speak for any address.
    const startedAt = Date.now();
    app = await startTestApp(
      BACKENDS[0]!,
      { METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' },
      { now: () => startedAt },
    );
  });
  afterAll(() => app.close());

  const send = (beacon: unknown, address: string, userAgent = DESKTOP) =>
    fetch(`${app.url}/api/audience`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': userAgent,
        'x-forwarded-for': address,
      },
      body: JSON.stringify(beacon),
    });
  // Every beacon answered so far is queued: once written, a sample wrongly taken is in the store.
  const samples = async (metric: string): Promise<number[]> => {
    await app.flushAudience();
    const rows = await app.store.audience.summarizeRawVitals(today(), today());
    return rows
      .filter((row) => row.metric === metric)
      .flatMap((row) => Array<number>(row.samples).fill(row.value));
  };
  const dropped = async (reason: string): Promise<number> => {
    const response = await fetch(`${app.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const series = `ember_audience_events_dropped_total{reason="${reason}"} `;
    const line = (await response.text()).split('\n').find((text) => text.startsWith(series));
    return line === undefined ? Number.NaN : Number(line.slice(series.length));
  };

  it('takes 30 beacons a minute from one /64, whichever of its addresses sent them', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 100; index += 1) {
      const beacon = { pageLoad: `flood-${index}`, metrics: [{ name: 'LCP', value: 9000 }] };
      statuses.push((await send(beacon, `2001:db8:4:64::${index.toString(16)}`)).status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    expect(statuses.slice(30).every((status) => status === 429)).toBe(true);
    expect(await samples('LCP')).toHaveLength(30);
    expect(await dropped('flood')).toBe(70);

    // Another /64 of the same /48 is someone else.
    const neighbour = { pageLoad: 'neighbour', metrics: [{ name: 'LCP', value: 900 }] };
    expect((await send(neighbour, '2001:db8:4:65::1')).status).toBe(204);
  });

  it('keeps one sample of each metric per page load, and counts the repeats', async () => {
    const first = {
      pageLoad: 'one-page-load',
      metrics: [
        { name: 'TTFB', value: 120 },
        { name: 'CLS', value: 0.05 },
        { name: 'INP', value: 80 },
      ],
    };
    // The tab is shown again and hidden again: CLS and INP have grown since.
    const again = {
      pageLoad: 'one-page-load',
      metrics: [
        { name: 'CLS', value: 0.3 },
        { name: 'INP', value: 640 },
      ],
    };
    const other = { pageLoad: 'another-page-load', metrics: [{ name: 'CLS', value: 0.07 }] };
    expect((await send(first, '198.51.100.7')).status).toBe(204);
    expect((await send(again, '198.51.100.7')).status).toBe(204);
    expect((await send(other, '198.51.100.8')).status).toBe(204);

    expect(await samples('CLS')).toEqual(expect.arrayContaining([0.05, 0.07]));
    expect(await samples('CLS')).toHaveLength(2);
    expect(await samples('INP')).toEqual([80]);
    expect(await dropped('repeat')).toBe(2);
  });

  it("counts a bot's beacon and a prefetched page as dropped", async () => {
    const beacon = {
      pageLoad: 'crawler',
      metrics: [
        { name: 'TTFB', value: 5 },
        { name: 'LCP', value: 5 },
      ],
    };
    expect((await send(beacon, '198.51.100.9', GOOGLEBOT)).status).toBe(204);
    expect(await dropped('bot')).toBe(2);

    const prefetch = await fetch(`${app.url}/`, {
      headers: { 'user-agent': DESKTOP, 'sec-purpose': 'prefetch' },
    });
    expect(prefetch.status).toBe(200);
    expect(await dropped('prefetch')).toBe(1);
  });
});
