import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnreadableMail } from '../../common/unreadable-mail';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

/** A message as hostile as the parser refuses, with a script a browser must never run. */
const RAW = Buffer.from(
  'From: a@example.com\r\nContent-Type: text/html\r\n\r\n<script>x</script>\0',
);

describe.each(BACKENDS)('mail that could not be read, in the studio ($name)', (backend) => {
  let app: TestApp;
  let cookie: string;
  let email: string;

  const target = () => studioTargetOf(app);
  const list = async () => {
    const response = await studioFetch(target(), '/mailbox/unreadable', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: UnreadableMail[] }).items;
  };

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend);
    ({ cookie, email } = await createSignedInStaff(target()));
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'lists it, downloads its raw copy as a file never shown, and dismisses it, audited',
    async () => {
      await app.store.leads.setAsideUnreadable({
        raw: RAW,
        size: RAW.length,
        receivedAt: new Date('2026-11-23T09:30:00.000Z'),
        reason: 'The mail parser could not read it.',
        from: 'a@example.com',
        subject: null,
      });
      const [item] = await list();
      expect(item).toEqual({
        id: item?.id,
        receivedAt: '2026-11-23T09:30:00.000Z',
        size: RAW.length,
        reason: 'The mail parser could not read it.',
        from: 'a@example.com',
      });
      const id = item?.id ?? '';

      const raw = await studioFetch(target(), `/mailbox/unreadable/${id}/raw`, { cookie });
      expect(raw.status).toBe(200);
      expect(raw.headers.get('content-type')).toBe('message/rfc822');
      expect(raw.headers.get('content-disposition')).toBe(
        `attachment; filename="message-${id}.eml"`,
      );
      expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
      expect(raw.headers.get('cache-control')).toBe('no-store');
      expect(Buffer.from(await raw.arrayBuffer()).equals(RAW)).toBe(true);

      const dismissed = await studioFetch(target(), `/mailbox/unreadable/${id}`, {
        method: 'DELETE',
        cookie,
      });
      expect(dismissed.status).toBe(204);
      expect(await list()).toEqual([]);
      expect(await app.store.auth.listAudit(20)).toContainEqual(
        expect.objectContaining({ event: 'mailbox.unreadable.dismiss', email, detail: id }),
      );
      const again = await studioFetch(target(), `/mailbox/unreadable/${id}`, {
        method: 'DELETE',
        cookie,
      });
      expect(again.status).toBe(404);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'answers 404 for an unknown id and 400 for a malformed one',
    async () => {
      const unknown = randomUUID();
      for (const [path, method] of [
        [`/mailbox/unreadable/${unknown}/raw`, 'GET'],
        [`/mailbox/unreadable/${unknown}`, 'DELETE'],
      ] as const) {
        const response = await studioFetch(target(), path, { method, cookie });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toEqual({ success: false, error: 'not_found' });
      }
      for (const id of ['not-an-id', `${unknown}x`, '%00', "1'or'1"]) {
        for (const [path, method] of [
          [`/mailbox/unreadable/${id}/raw`, 'GET'],
          [`/mailbox/unreadable/${id}`, 'DELETE'],
        ] as const) {
          const response = await studioFetch(target(), path, { method, cookie });
          expect(response.status, `${method} ${path}`).toBe(400);
          expect(await response.json()).toEqual({ success: false, error: 'invalid_request' });
        }
      }
    },
  );

  it.skipIf(isUnavailable(backend))('answers only signed-in staff from this site', async () => {
    await app.store.leads.setAsideUnreadable({
      raw: Buffer.from(`kept ${randomUUID()}`),
      size: 41,
      receivedAt: new Date(),
      reason: 'The mail parser could not read it.',
      from: null,
      subject: null,
    });
    const [item] = await list();
    const id = item?.id ?? '';
    for (const [path, method] of [
      ['/mailbox/unreadable', 'GET'],
      [`/mailbox/unreadable/${id}/raw`, 'GET'],
      [`/mailbox/unreadable/${id}`, 'DELETE'],
    ] as const) {
      expect((await studioFetch(target(), path, { method })).status, path).toBe(401);
    }
    const crossSite = await studioFetch(target(), `/mailbox/unreadable/${id}`, {
      method: 'DELETE',
      cookie,
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await list()).map((kept) => kept.id)).toEqual([id]);
  });
});
