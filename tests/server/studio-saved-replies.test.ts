import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_REPLY_LIMITS, type SavedReply } from '../../common/saved-replies';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const THANKS: SavedReply = {
  title: 'Thanks, call?',
  text: 'Thank you for writing to us.\nCould we call you this week?',
};
const PRICES: SavedReply = { title: 'Our prices', text: 'Our projects start at 4,000 €.' };

describe.each(BACKENDS)('saved replies ($name)', (backend) => {
  let app: TestApp;
  let cookie: string;
  let email: string;

  const target = () => studioTargetOf(app);
  const list = async () => {
    const response = await studioFetch(target(), '/saved-replies', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: SavedReply[] }).items;
  };
  const put = (body: unknown) =>
    studioFetch(target(), '/saved-replies', { method: 'PUT', body, cookie });

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend);
    ({ cookie, email } = await createSignedInStaff(target()));
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'starts empty, keeps the list every staff member sees in order, trimmed, and audits it',
    async () => {
      expect(await list()).toEqual([]);
      const saved = await put({ items: [{ ...THANKS, text: `  ${THANKS.text}  ` }, PRICES] });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual({ items: [THANKS, PRICES] });

      const colleague = await createSignedInStaff(target());
      const seen = await studioFetch(target(), '/saved-replies', { cookie: colleague.cookie });
      expect(await seen.json()).toEqual({ items: [THANKS, PRICES] });

      expect((await put({ items: [PRICES] })).status).toBe(200);
      expect(await list()).toEqual([PRICES]);
      const audit = await app.store.auth.listAudit(20);
      expect(audit).toContainEqual(
        expect.objectContaining({ event: 'lead.saved_replies', email, detail: '1: Our prices' }),
      );
    },
  );

  it.skipIf(isUnavailable(backend))(
    'refuses a list it cannot keep with 400 and changes nothing',
    async () => {
      expect((await put({ items: [THANKS] })).status).toBe(200);
      const tooMany = Array.from({ length: SAVED_REPLY_LIMITS.count + 1 }, (_, index) => ({
        title: `Reply ${index}`,
        text: 'Hello',
      }));
      const refused: unknown[] = [
        null,
        [THANKS],
        {},
        { items: 'all of them' },
        { items: tooMany },
        { items: [{ title: 'x'.repeat(SAVED_REPLY_LIMITS.titleLength + 1), text: 'Hello' }] },
        { items: [{ title: 'Long', text: 'x'.repeat(SAVED_REPLY_LIMITS.textLength + 1) }] },
        { items: [{ title: '   ', text: 'Hello' }] },
        { items: [{ title: 'Empty', text: ' \n ' }] },
        { items: [{ title: 'Two\nlines', text: 'Hello' }] },
        { items: [{ title: 'Bell', text: 'Ring \u0007' }] },
        { items: [THANKS, { ...PRICES, title: THANKS.title.toUpperCase() }] },
        { items: [{ ...THANKS, by: 'someone' }] },
        { items: [THANKS], extra: true },
      ];
      for (const body of refused) {
        const response = await put(body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toEqual({ success: false, error: 'invalid_request' });
      }
      const notJson = await studioFetch(target(), '/saved-replies', {
        method: 'PUT',
        cookie,
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect(await list()).toEqual([THANKS]);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'answers only staff from this site, and names the staff a lead can be given to',
    async () => {
      expect((await studioFetch(target(), '/saved-replies')).status).toBe(401);
      expect(
        (await studioFetch(target(), '/saved-replies', { method: 'PUT', body: { items: [] } }))
          .status,
      ).toBe(401);
      const crossSite = await studioFetch(target(), '/saved-replies', {
        method: 'PUT',
        body: { items: [] },
        cookie,
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(crossSite.status).toBe(403);
      expect(await list()).not.toEqual([]);

      const staff = await studioFetch(target(), '/staff', { cookie });
      expect(staff.status).toBe(200);
      const { items } = (await staff.json()) as { items: { email: string }[] };
      expect(items).toContainEqual(expect.objectContaining({ email }));
      expect(Object.keys(items[0] ?? {})).toEqual(['email', 'name', 'role']);
      expect((await studioFetch(target(), '/staff')).status).toBe(401);
    },
  );
});
