import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_DRAFT_LENGTH, type LeadDraft } from '../../common/lead-drafts';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { MESSAGE, newEnquiry, saveEnquiries } from './helpers/store-fixtures';
import {
  cookieFrom,
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

describe.each(BACKENDS)('drafts of replies and notes ($name)', (backend) => {
  let app: TestApp;
  let me: StudioStaff;
  let enquiryId: string;

  const target = () => studioTargetOf(app);
  const draftsOf = async (cookie: string, id = enquiryId) => {
    const response = await studioFetch(target(), `/leads/${id}/drafts`, { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: LeadDraft[] }).items.map(({ kind, text }) => ({
      kind,
      text,
    }));
  };
  const put = (kind: string, body: unknown, cookie = me.cookie, id = enquiryId) =>
    studioFetch(target(), `/leads/${id}/drafts/${kind}`, { method: 'PUT', body, cookie });

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend);
    me = await createSignedInStaff(target());
    [enquiryId = ''] = await saveEnquiries(app.store, 1);
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'keeps my words exactly as typed across an ended session, until I discard them',
    async () => {
      const reply = 'Dear Ada,\n\nThank you for  your note — we would ';
      const saved = await put('reply', { text: reply });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toMatchObject({ kind: 'reply', text: reply });
      expect((await put('note', { text: 'Budget sounds firm' })).status).toBe(200);
      expect((await put('note', { text: 'Budget sounds firm; call Tuesday' })).status).toBe(200);

      const signedOut = await studioFetch(target(), '/session', {
        method: 'DELETE',
        cookie: me.cookie,
      });
      expect(signedOut.status).toBe(204);
      expect((await studioFetch(target(), `/leads/${enquiryId}/drafts`, me)).status).toBe(401);
      const signIn = await studioFetch(target(), '/session', {
        method: 'POST',
        body: { email: me.email, password: me.password },
      });
      me = { ...me, cookie: cookieFrom(signIn) };
      expect(await draftsOf(me.cookie)).toEqual([
        { kind: 'reply', text: reply },
        { kind: 'note', text: 'Budget sounds firm; call Tuesday' },
      ]);

      const discarded = await studioFetch(target(), `/leads/${enquiryId}/drafts/note`, {
        method: 'DELETE',
        cookie: me.cookie,
      });
      expect(discarded.status).toBe(204);
      expect(await draftsOf(me.cookie)).toEqual([{ kind: 'reply', text: reply }]);
    },
  );

  it.skipIf(isUnavailable(backend))(
    "never shows or touches another person's draft, and goes with its enquiry",
    async () => {
      const gone = 'gone@example.com';
      const saved = await app.store.saveEnquiry(
        newEnquiry({ message: { ...MESSAGE, email: gone } }),
      );
      const otherEnquiry = saved.kind === 'created' ? saved.id : '';
      expect((await put('reply', { text: 'Mine' }, me.cookie, otherEnquiry)).status).toBe(200);
      const colleague = await createSignedInStaff(target());
      expect(await draftsOf(colleague.cookie, otherEnquiry)).toEqual([]);
      expect((await put('reply', { text: 'Theirs' }, colleague.cookie, otherEnquiry)).status).toBe(
        200,
      );
      const theirDelete = await studioFetch(target(), `/leads/${otherEnquiry}/drafts/reply`, {
        method: 'DELETE',
        cookie: colleague.cookie,
      });
      expect(theirDelete.status).toBe(204);
      expect(await draftsOf(me.cookie, otherEnquiry)).toEqual([{ kind: 'reply', text: 'Mine' }]);

      await app.store.forgetPerson(gone);
      expect((await put('reply', { text: 'Again' }, me.cookie, otherEnquiry)).status).toBe(404);
      expect(await draftsOf(me.cookie, otherEnquiry)).toEqual([]);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'refuses strangers, other sites and drafts it cannot keep, and changes nothing',
    async () => {
      expect((await put('note', { text: 'Kept' })).status).toBe(200);
      const path = `/leads/${enquiryId}/drafts/note`;
      expect(
        (await studioFetch(target(), path, { method: 'PUT', body: { text: 'x' } })).status,
      ).toBe(401);
      expect((await studioFetch(target(), `/leads/${enquiryId}/drafts`)).status).toBe(401);
      const crossSite = await studioFetch(target(), path, {
        method: 'PUT',
        body: { text: 'From elsewhere' },
        cookie: me.cookie,
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(crossSite.status).toBe(403);
      const crossSiteDelete = await studioFetch(target(), path, {
        method: 'DELETE',
        cookie: me.cookie,
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(crossSiteDelete.status).toBe(403);

      const tooLong = await put('note', { text: 'x'.repeat(LEAD_DRAFT_LENGTH.note + 1) });
      expect(tooLong.status).toBe(422);
      expect(await tooLong.json()).toEqual({ success: false, error: 'draft_too_long' });
      const oversized = await put('note', { text: 'x'.repeat(app.config.bodyLimitBytes + 1) });
      expect(oversized.status).toBe(413);
      for (const [kind, body] of [
        ['note', { text: 42 }],
        ['note', { text: 'x', kind: 'reply' }],
        ['memo', { text: 'x' }],
      ] as const) {
        expect((await put(kind, body)).status, JSON.stringify(body)).toBe(400);
      }
      expect(
        (await put('note', { text: 'x' }, me.cookie, '00000000-0000-4000-8000-000000000000'))
          .status,
      ).toBe(404);
      expect(await draftsOf(me.cookie)).toContainEqual({ kind: 'note', text: 'Kept' });
    },
  );
});
