import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT } from '../../common/endpoints';
import { idOf, postJson, SITE_ORIGIN, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';

/** Windows are fixed and aligned to the clock: a day-long one is never crossed mid-test. */
const DAY_MS = '86400000';

/** An address of this machine that is not loopback: a client connecting from it is not a proxy. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal)?.address;
if (outsideAddress === undefined) {
  console.warn(
    '\n⚠ SKIPPED: no non-loopback IPv4 address here to connect from as a direct client.\n',
  );
}

/** A contact POST that leaves from `localAddress` to the app's port on that same address. */
function postDirect(
  app: TestApp,
  localAddress: string,
  forwardedFor: string,
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify(validEnquiry());
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: localAddress,
        localAddress,
        port: Number(new URL(app.url).port),
        path: CONTACT_ENDPOINT,
        method: 'POST',
        headers: {
          origin: SITE_ORIGIN,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`forged client addresses (${backend.name})`, () => {
    let app: TestApp | null = null;
    afterEach(async () => {
      await app?.close();
      app = null;
    });
    const storedIp = async (answer: { body: unknown }) =>
      (await app?.store.getEnquiry(idOf(answer.body)))?.clientIp;
    const post = (forwardedFor: string) =>
      postJson(`${app?.url}${CONTACT_ENDPOINT}`, validEnquiry(), {
        'x-forwarded-for': forwardedFor,
      });

    it.skipIf(outsideAddress === undefined)(
      'counts a direct client that sends X-Forwarded-For by its own address',
      async () => {
        const direct = outsideAddress ?? '';
        app = await startTestApp(backend, {
          HOST: '0.0.0.0',
          TRUST_PROXY: '1',
          RATE_LIMIT_MAX: '1',
          RATE_LIMIT_WINDOW_MS: DAY_MS,
        });
        const first = await postDirect(app, direct, '198.51.100.1');
        expect(first.status).toBe(201);
        expect(await storedIp(first)).toBe(direct);
        expect((await postDirect(app, direct, '198.51.100.2')).status).toBe(429);
        expect((await postDirect(app, direct, '198.51.100.3, 198.51.100.4')).status).toBe(429);
      },
    );

    it.skipIf(outsideAddress === undefined)(
      'believes X-Forwarded-For from an address listed in TRUSTED_PROXIES',
      async () => {
        const proxy = outsideAddress ?? '';
        app = await startTestApp(backend, {
          HOST: '0.0.0.0',
          TRUST_PROXY: '1',
          TRUSTED_PROXIES: `${proxy}/32`,
          RATE_LIMIT_MAX: '1',
          RATE_LIMIT_WINDOW_MS: DAY_MS,
        });
        const first = await postDirect(app, proxy, '198.51.100.1');
        expect(await storedIp(first)).toBe('198.51.100.1');
        expect((await postDirect(app, proxy, '198.51.100.2')).status).toBe(201);
        expect((await postDirect(app, proxy, '198.51.100.1')).status).toBe(429);
      },
    );

    it('counts an IPv6 /64 as one client, however many of its addresses it rotates through', async () => {
      app = await startTestApp(backend, {
        TRUST_PROXY: '1',
        RATE_LIMIT_MAX: '2',
        RATE_LIMIT_WINDOW_MS: DAY_MS,
      });
      expect((await post('2001:db8:1:2::1')).status).toBe(201);
      expect((await post('2001:db8:1:2:aaaa::2')).status).toBe(201);
      for (const address of ['2001:db8:1:2::3', '2001:db8:1:2:ffff:ffff:ffff:ffff']) {
        expect((await post(address)).status, address).toBe(429);
      }
      expect((await post('2001:db8:1:3::1')).status).toBe(201);
      // An IPv4 client is one key whether it is written as IPv4 or IPv4-mapped IPv6.
      expect((await post('203.0.113.9')).status).toBe(201);
      expect((await post('::ffff:203.0.113.9')).status).toBe(201);
      expect((await post('203.0.113.9')).status).toBe(429);
    });

    it('does not believe an entry that is not an address: the proxy’s connection is counted', async () => {
      app = await startTestApp(backend, {
        TRUST_PROXY: '1',
        RATE_LIMIT_MAX: '1',
        RATE_LIMIT_WINDOW_MS: DAY_MS,
      });
      const first = await post(`not-an-address-${'x'.repeat(2_000)}`);
      expect(first.status).toBe(201);
      expect(await storedIp(first)).toBe('127.0.0.1');
      expect((await post('unknown')).status).toBe(429);
    });
  });
}
