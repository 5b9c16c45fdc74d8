import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { postJson, SITE_ORIGIN } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { FIXTURE_NEWSLETTER_WORDING } from './helpers/fixture-site';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, type StudioStaff } from './helpers/studio-session';
import { linkIn, postForm, sentTo, uniqueAddress } from './helpers/newsletter-mail';

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(
    `newsletter sign-ups held as spam (${backend.name})`,
    () => {
      let app: TestApp;
      let staff: StudioStaff;
      const target = () => ({ url: app.url, store: app.store, siteOrigin: SITE_ORIGIN });
      const signUp = (email: string) => postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, { email });
      const signUpUnsolved = (email: string) =>
        postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, { email, altcha: undefined });
      const sendConfirmation = (id: string, init: { cookie?: string; origin?: string } = {}) =>
        studioFetch(target(), `/subscribers/${id}/confirmation`, {
          method: 'POST',
          cookie: 'cookie' in init ? init.cookie : staff.cookie,
          headers: init.origin === undefined ? {} : { origin: init.origin },
        });
      const rowOf = async (email: string) =>
        (await app.store.listSubscribers()).find((row) => row.email === email);

      /** Another address's email arriving after shows the outbox has moved past the requests. */
      async function settleOutbox(): Promise<void> {
        const marker = uniqueAddress('held');
        await signUp(marker);
        await app.smtp.waitFor(sentTo(marker));
      }

      beforeAll(async () => {
        app = await startTestApp(backend);
        staff = await createSignedInStaff(target());
      });
      afterAll(() => app.close());

      it('keeps a sign-up without a solution as held, answers as usual and emails nothing', async () => {
        const json = uniqueAddress('held');
        const form = uniqueAddress('held');
        expect(await signUpUnsolved(json)).toMatchObject({ status: 200, body: { success: true } });
        const plain = await postForm(
          `${app.url}${NEWSLETTER_ENDPOINT}`,
          new URLSearchParams({ email: form }).toString(),
          { origin: SITE_ORIGIN },
        );
        expect(plain.status).toBe(303);
        expect(plain.headers.get('location')).toBe('/newsletter/sent');

        for (const email of [json, form]) {
          expect(await rowOf(email)).toMatchObject({
            status: 'held',
            wording: FIXTURE_NEWSLETTER_WORDING,
            confirmedAt: null,
          });
        }
        await settleOutbox();
        expect(app.smtp.messages.filter(sentTo(json))).toHaveLength(0);
        expect(app.smtp.messages.filter(sentTo(form))).toHaveLength(0);
      });

      it('lists held sign-ups in the studio as held', async () => {
        const email = uniqueAddress('held');
        await signUpUnsolved(email);
        const list = await studioFetch(target(), '/subscribers', { cookie: staff.cookie });
        expect(list.status).toBe(200);
        const { items } = (await list.json()) as { items: { email: string; status: string }[] };
        expect(items.find((item) => item.email === email)).toMatchObject({ status: 'held' });
      });

      it('sends exactly one confirmation on the studio action, whose link the owner confirms', async () => {
        const email = uniqueAddress('held');
        await signUpUnsolved(email);
        const held = await rowOf(email);
        if (held === undefined) throw new Error('expected the held sign-up');

        const sent = await sendConfirmation(held.id);
        expect(sent.status).toBe(202);
        const again = await sendConfirmation(held.id);
        expect(again.status).toBe(409);
        expect(await again.json()).toMatchObject({ error: 'not_held' });

        const mail = await app.smtp.waitFor(sentTo(email));
        await settleOutbox();
        expect(app.smtp.messages.filter(sentTo(email))).toHaveLength(1);
        expect(await rowOf(email)).toMatchObject({ status: 'pending', askedAt: held.askedAt });

        const audit = await app.store.auth.listAudit(20);
        expect(audit).toContainEqual(
          expect.objectContaining({
            event: 'subscriber_confirmation_sent',
            email: staff.email,
            detail: held.id,
          }),
        );

        const confirmed = await postForm(linkIn(mail, '/newsletter/confirm', app.url), '', {
          origin: SITE_ORIGIN,
        });
        expect(confirmed.status).toBe(200);
        expect(await rowOf(email)).toMatchObject({ status: 'confirmed' });
        expect((await sendConfirmation(held.id)).status).toBe(409);
      });

      it('keeps the one-email-per-24-hours rule for an address that left and came back held', async () => {
        const email = uniqueAddress('held');
        await signUp(email);
        const mail = await app.smtp.waitFor(sentTo(email));
        const unsubscribe = await postForm(
          linkIn(mail, '/newsletter/unsubscribe', app.url),
          'List-Unsubscribe=One-Click',
        );
        expect(unsubscribe.status).toBe(200);
        await signUpUnsolved(email);
        const held = await rowOf(email);
        expect(held?.status).toBe('held');

        const refused = await sendConfirmation(held?.id ?? '');
        expect(refused.status).toBe(409);
        expect(await refused.json()).toMatchObject({ error: 'recently_emailed' });
        await settleOutbox();
        expect(app.smtp.messages.filter(sentTo(email))).toHaveLength(1);
        expect((await rowOf(email))?.status).toBe('held');
      });

      it('refuses the action without a session, cross-site, and for a bad or unknown id', async () => {
        const email = uniqueAddress('held');
        await signUpUnsolved(email);
        const held = await rowOf(email);
        if (held === undefined) throw new Error('expected the held sign-up');
        const pendingAddress = uniqueAddress('held');
        await signUp(pendingAddress);

        expect((await sendConfirmation(held.id, { cookie: undefined })).status).toBe(401);
        expect((await sendConfirmation(held.id, { cookie: 'studio_session=forged' })).status).toBe(
          401,
        );
        expect((await sendConfirmation(held.id, { origin: 'https://evil.example' })).status).toBe(
          403,
        );
        for (const id of ['not-a-uuid', '%27%20or%201%3D1', 'x'.repeat(2_000)]) {
          expect((await sendConfirmation(id)).status).toBe(400);
        }
        expect((await sendConfirmation('6f1c9a52-5a3b-4e0c-9d7e-2b8f4c1a0e99')).status).toBe(404);
        const pending = await rowOf(pendingAddress);
        expect((await sendConfirmation(pending?.id ?? '')).status).toBe(409);

        expect(await rowOf(email)).toEqual(held);
        await settleOutbox();
        expect(app.smtp.messages.filter(sentTo(email))).toHaveLength(0);
      });
    },
  );
}
