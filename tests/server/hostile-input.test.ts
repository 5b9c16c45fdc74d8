import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { idOf, postJson, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable, type Backend } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  BODY_LIMIT_BYTES,
  HOSTILE_CASES,
  type Accepted,
  type HostileCase,
  type Rejected,
} from './hostile-cases';
import { sendHostile, type HostileResponse } from './hostile-request';

type Counts = { enquiries: number; subscribers: number; emails: number };

async function countsOf(app: TestApp): Promise<Counts> {
  return {
    enquiries: (await app.store.listEnquiries({ limit: 100_000 })).length,
    subscribers: (await app.store.listSubscribers()).length,
    emails: app.smtp.messages.length,
  };
}

/**
 * Sends a valid enquiry, which wakes the outbox worker, and waits for its email. The worker
 * sends due emails oldest first, so anything the case before had queued would arrive first.
 */
async function sendCanary(app: TestApp, label: string): Promise<void> {
  const canary = await postJson(
    `${app.url}${CONTACT_ENDPOINT}`,
    validEnquiry({ message: `Canary after: ${label}` }),
  );
  expect(canary.status, 'canary').toBe(201);
  const id = idOf(canary.body);
  await app.smtp.waitFor((mail) => mail.text?.includes(id) ?? false);
}

function jsonOf(response: HostileResponse): unknown {
  const type = response.headers.get('content-type') ?? '';
  return type.startsWith('application/json') ? JSON.parse(response.text) : null;
}

const isPage = (response: HostileResponse) =>
  (response.headers.get('content-type') ?? '').startsWith('text/html');

/** The answer to a plain form post is a page that says what went wrong, in its words. */
function expectPageSays(response: HostileResponse, error: string, field?: string): void {
  expect(response.text).toContain(error);
  if (field !== undefined) expect(response.text).toContain(`data-field="${field}"`);
}

async function expectRejected(
  app: TestApp,
  testCase: HostileCase,
  expected: Rejected,
  response: HostileResponse,
  before: Counts,
): Promise<void> {
  if (expected.allow !== undefined) expect(response.headers.get('allow')).toBe(expected.allow);
  if (isPage(response)) {
    expectPageSays(response, expected.error ?? '', expected.field);
  } else if (expected.error !== undefined) {
    expect(jsonOf(response)).toMatchObject({ success: false, error: expected.error });
  }
  if (expected.field !== undefined && !isPage(response)) {
    expect(jsonOf(response)).toHaveProperty(['fieldErrors', expected.field]);
  }
  expect(await countsOf(app), 'nothing stored').toEqual(before);
  await sendCanary(app, testCase.label);
  expect(app.smtp.messages.length, 'only the canary was emailed').toBe(before.emails + 1);
}

async function expectAcceptedEnquiry(
  app: TestApp,
  testCase: HostileCase,
  expected: Accepted,
  response: HostileResponse,
  before: Counts,
): Promise<void> {
  const id =
    response.status === 303
      ? ((await app.store.listEnquiries({ limit: 1 }))[0]?.id ?? '')
      : idOf(jsonOf(response));
  if (response.status === 303) expect(response.headers.get('location')).toBe('/contact/sent');
  const stored = await app.store.getEnquiry(id);
  expect(stored).toMatchObject({ ...expected.stored, isSpam: expected.isSpam ?? false });
  expect((await countsOf(app)).enquiries).toBe(before.enquiries + 1);
  await sendCanary(app, testCase.label);
  const emailsOfCase = app.smtp.messages.filter((mail) => mail.text?.includes(id) ?? false);
  if (expected.isSpam === true) {
    expect(emailsOfCase, 'spam is never emailed').toHaveLength(0);
    expect((await app.store.getEnquiry(id))?.delivery.status).toBe('spam');
    expect(app.smtp.messages.length).toBe(before.emails + 1);
    return;
  }
  expect(emailsOfCase).toHaveLength(1);
  expect(app.smtp.messages.length).toBe(before.emails + 2);
  const html = emailsOfCase[0]?.html;
  if (typeof html !== 'string') throw new Error('The enquiry email has no HTML part');
  for (const fragment of expected.html?.includes ?? []) expect(html).toContain(fragment);
  for (const fragment of expected.html?.excludes ?? []) expect(html).not.toContain(fragment);
}

async function expectSubscribed(
  app: TestApp,
  expected: Accepted,
  response: HostileResponse,
  before: Counts,
): Promise<void> {
  if (response.status === 303) {
    expect(response.headers.get('location')).toBe('/newsletter/sent');
  } else {
    expect(jsonOf(response)).toEqual({ success: true });
  }
  const subscribers = await app.store.listSubscribers();
  expect(subscribers).toHaveLength(before.subscribers + 1);
  expect(subscribers.map((row) => row.email)).toContain(expected.stored.email);
  expect((await countsOf(app)).enquiries).toBe(before.enquiries);
}

async function runCase(app: TestApp, testCase: HostileCase): Promise<void> {
  const before = await countsOf(app);
  const response = await sendHostile(app.url, testCase.request);
  const { expected } = testCase;
  expect(response.status).toBe(expected.status);
  if (expected.kind === 'rejected') {
    await expectRejected(app, testCase, expected, response, before);
  } else if (testCase.request.target === 'newsletter') {
    await expectSubscribed(app, expected, response, before);
  } else {
    await expectAcceptedEnquiry(app, testCase, expected, response, before);
  }
  // A __proto__ or constructor key must never reach Object.prototype.
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.prototype).not.toHaveProperty('isSpam');
}

/**
 * With TRUST_PROXY=0 the client address is the socket's, so inventing X-Forwarded-For entries
 * must not buy a new budget. The window is long so the test does not race it.
 */
async function expectRateLimitHolds(backend: Backend): Promise<void> {
  const app = await startTestApp(backend, {
    RATE_LIMIT_MAX: '2',
    RATE_LIMIT_WINDOW_MS: '60000',
    TRUST_PROXY: '0',
  });
  try {
    const contact = `${app.url}${CONTACT_ENDPOINT}`;
    const newsletter = `${app.url}${NEWSLETTER_ENDPOINT}`;
    for (let index = 0; index < 2; index += 1) {
      expect((await postJson(contact, validEnquiry())).status).toBe(201);
      const signup = await postJson(newsletter, { email: `reader${index}@example.com` });
      expect(signup.status).toBe(200);
    }
    // Two enquiry notifications and two newsletter confirmations.
    await expect.poll(() => app.smtp.messages.length, { timeout: 10_000 }).toBe(4);
    const before = await countsOf(app);

    for (let index = 1; index <= 6; index += 1) {
      const spoofed = { 'x-forwarded-for': `198.51.100.${index}, 203.0.113.${index}` };
      const attempts: [string, unknown][] = [
        [contact, validEnquiry()],
        [newsletter, { email: `spoof${index}@example.com` }],
      ];
      for (const [url, body] of attempts) {
        const limited = await postJson(url, body, spoofed);
        expect(limited.status, `${url} via ${spoofed['x-forwarded-for']}`).toBe(429);
        expect(limited.body).toEqual({ success: false, error: 'rate_limited' });
        const retryAfter = Number(limited.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    }
    expect(await countsOf(app), 'nothing stored while limited').toEqual(before);
    // Nothing waits in the outbox, so nothing more can be emailed later: no need to wait a poll.
    expect((await app.store.readOutboxBacklog()).count, 'nothing queued').toBe(0);
    expect(app.smtp.messages.length, 'nothing more was emailed').toBe(before.emails);
  } finally {
    await app.close();
  }
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`hostile input (${backend.name})`, () => {
    let app: TestApp;
    let ran = 0;

    beforeAll(async () => {
      app = await startTestApp(backend);
      expect(app.config.bodyLimitBytes).toBe(BODY_LIMIT_BYTES);
    });
    afterAll(async () => {
      await app.close();
      console.info(
        `hostile input (${backend.name}): ${ran} cases ran (${HOSTILE_CASES.length} table cases + 2 rate-limit cases)`,
      );
    });

    it(`has at least 40 cases (${HOSTILE_CASES.length})`, () => {
      expect(HOSTILE_CASES.length).toBeGreaterThanOrEqual(40);
      expect(new Set(HOSTILE_CASES.map((testCase) => testCase.label)).size).toBe(
        HOSTILE_CASES.length,
      );
    });

    for (const testCase of HOSTILE_CASES) {
      it(`${testCase.label} → ${testCase.expected.status}`, async () => {
        await runCase(app, testCase);
        ran += 1;
      });
    }

    it('rate limit with a rotating X-Forwarded-For and no trusted proxy → 429 on both endpoints', async () => {
      await expectRateLimitHolds(backend);
      ran += 2;
    });
  });
}
