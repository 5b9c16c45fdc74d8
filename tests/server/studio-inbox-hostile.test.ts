import { INBOX_STATUSES } from '../../common/studio-inbox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';
import { STUDIO_INBOX_HOSTILE_CASES, type InboxHostileCase } from './hostile-cases';

/** Everything a refused request could have changed. */
async function snapshot(app: InboxApp) {
  return {
    counts: await app.store.countInbox(),
    enquiries: await app.store.listInbox(
      { statuses: INBOX_STATUSES, service: null, terms: [] },
      null,
      100,
    ),
    subscribers: await app.store.listSubscribers(),
    emails: app.mail.received.length,
  };
}

for (const backend of INBOX_BACKENDS) {
  describe(`studio inbox hostile input (${backend.name})`, () => {
    let app: InboxApp;
    let id: string;

    beforeAll(async () => {
      app = await startInboxApp(backend);
      id = await app.receive({}, { isSpam: true });
      await app.store.subscribe('reader@example.com');
      // The sign-up's confirmation email goes out on its own; wait for it, so no case counts it.
      await vi.waitFor(() => expect(app.mail.received).toHaveLength(1), { timeout: 5_000 });
    });
    afterAll(() => app.close());

    it(`has every case once (${STUDIO_INBOX_HOSTILE_CASES.length})`, () => {
      const labels = STUDIO_INBOX_HOSTILE_CASES.map((testCase) => testCase.label);
      expect(new Set(labels).size).toBe(labels.length);
    });

    it.each(STUDIO_INBOX_HOSTILE_CASES.map((testCase) => [testCase.label, testCase] as const))(
      '%s',
      async (_label, testCase: InboxHostileCase) => {
        const before = await snapshot(app);
        const response = await app.call(testCase.path.replace('{id}', id), {
          method: testCase.method,
          ...(testCase.body === undefined
            ? {}
            : {
                body: testCase.body,
                headers: { 'content-type': testCase.contentType ?? 'application/json' },
              }),
        });
        const text = await response.text();
        expect(response.status, text).toBe(testCase.status);
        if (testCase.error !== undefined) {
          expect(JSON.parse(text)).toEqual({ success: false, error: testCase.error });
        }
        expect(await snapshot(app), 'nothing changed').toEqual(before);
        expect(Object.prototype).not.toHaveProperty('polluted');
      },
    );
  });
}
