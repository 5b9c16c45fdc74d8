import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { postJson, SITE_ORIGIN } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { FIXTURE_NEWSLETTER_WORDING } from './helpers/fixture-site';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { linkIn, postForm, sentTo, uniqueAddress } from './helpers/newsletter-mail';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The header as it arrived, unfolded. */
function headerLine(mail: ParsedMail, key: string): string | undefined {
  return mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, ' ');
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`newsletter double opt-in (${backend.name})`, () => {
    let app: TestApp;
    const signUp = (email: string) => postJson(`${app.url}${NEWSLETTER_ENDPOINT}`, { email });

    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    it('emails a confirmation link; only the POST confirms, once, with the proof kept', async () => {
      const email = uniqueAddress('reader');
      expect((await signUp(email)).body).toEqual({ success: true });
      const [pending] = (await app.store.listSubscribers()).filter((row) => row.email === email);
      expect(pending).toMatchObject({ status: 'pending', wording: FIXTURE_NEWSLETTER_WORDING });

      const mail = await app.smtp.waitFor(sentTo(email));
      expect(mail.subject).toBe('Confirm your subscription to Studio notes');
      const confirm = linkIn(mail, '/newsletter/confirm', app.url);
      const unsubscribe = linkIn(mail, '/newsletter/unsubscribe', app.url);
      expect(headerLine(mail, 'list-unsubscribe-post')).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(headerLine(mail, 'list-unsubscribe')).toBe(
        `List-Unsubscribe: <${unsubscribe.replace(app.url, SITE_ORIGIN)}>`,
      );

      const page = await fetch(confirm);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await page.text()).toContain('Confirm subscription');
      expect(
        (await app.store.listSubscribers({ confirmedOnly: true })).map((row) => row.email),
      ).not.toContain(email);

      const confirmed = await postForm(confirm, '', { origin: SITE_ORIGIN });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.text()).toContain('You are subscribed');
      const [row] = (await app.store.listSubscribers({ confirmedOnly: true })).filter(
        (subscriber) => subscriber.email === email,
      );
      expect(row?.askedAt).toBeInstanceOf(Date);
      expect(row?.confirmedAt).toBeInstanceOf(Date);
      expect(row?.wording).toBe(FIXTURE_NEWSLETTER_WORDING);

      const reused = await postForm(confirm, '', { origin: SITE_ORIGIN });
      expect(reused.status).toBe(404);
      expect(await reused.text()).toContain('This link no longer works');
      expect((await fetch(confirm)).status).toBe(404);
    });

    it('answers an unknown, malformed or missing token with a calm 4xx page', async () => {
      for (const query of ['?token=' + 'A'.repeat(43), '?token=%00%27', '', '?token=']) {
        const get = await fetch(`${app.url}/newsletter/confirm${query}`);
        expect(get.status).toBeGreaterThanOrEqual(400);
        expect(get.status).toBeLessThan(500);
        expect(await get.text()).toContain('This link no longer works');
        const post = await postForm(
          `${app.url}/newsletter/unsubscribe${query}`,
          'List-Unsubscribe=One-Click',
        );
        expect(post.status).toBeGreaterThanOrEqual(400);
        expect(post.status).toBeLessThan(500);
      }
    });

    it('refuses an expired link (the clock injected into the store)', async () => {
      const email = uniqueAddress('reader');
      await app.store.subscribe(email, { now: new Date(Date.now() - 8 * DAY_MS) });
      await signUp(uniqueAddress('reader')); // wakes the outbox worker
      const mail = await app.smtp.waitFor(sentTo(email));
      const confirm = linkIn(mail, '/newsletter/confirm', app.url);
      const get = await fetch(confirm);
      expect(get.status).toBe(410);
      const post = await postForm(confirm, '', { origin: SITE_ORIGIN });
      expect(post.status).toBe(410);
      expect(await post.text()).toContain('This link no longer works');
      const [row] = (await app.store.listSubscribers()).filter((s) => s.email === email);
      expect(row?.status).toBe('pending');
    });

    it('sends at most one confirmation email per address per 24 hours', async () => {
      const email = uniqueAddress('reader');
      await app.store.subscribe(email, { now: new Date(Date.now() - DAY_MS - 60_000) });
      await signUp(uniqueAddress('reader')); // wakes the outbox worker
      await app.smtp.waitFor(sentTo(email));
      for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
        expect((await signUp(variant)).body).toEqual({ success: true });
      }
      // A day later by its clock, the first repeat sends a second email; the others do not.
      await expect.poll(() => app.smtp.messages.filter(sentTo(email)).length).toBe(2);
      // Another address's email after them shows the outbox has moved past these requests.
      const marker = uniqueAddress('reader');
      await signUp(marker);
      await app.smtp.waitFor(sentTo(marker));
      expect(app.smtp.messages.filter(sentTo(email))).toHaveLength(2);
    });

    it('unsubscribes with the one-click POST a mail provider sends, without an Origin', async () => {
      const email = uniqueAddress('reader');
      await signUp(email);
      const mail = await app.smtp.waitFor(sentTo(email));
      const confirm = linkIn(mail, '/newsletter/confirm', app.url);
      await postForm(confirm, '', { origin: SITE_ORIGIN });
      const unsubscribe = linkIn(mail, '/newsletter/unsubscribe', app.url);

      const page = await fetch(unsubscribe);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Unsubscribe');

      const crossSite = await postForm(unsubscribe, 'List-Unsubscribe=One-Click', {
        origin: 'https://evil.example',
      });
      expect(crossSite.status).toBe(403);
      expect(
        (await app.store.listSubscribers({ confirmedOnly: true })).some((s) => s.email === email),
      ).toBe(true);
      const crossSiteConfirm = await postForm(confirm, '', { origin: 'https://evil.example' });
      expect(crossSiteConfirm.status).toBe(403);

      const wrongBody = await postForm(unsubscribe, 'List-Unsubscribe=Later');
      expect(wrongBody.status).toBe(400);

      const oneClick = await postForm(unsubscribe, 'List-Unsubscribe=One-Click');
      expect(oneClick.status).toBe(200);
      expect(await oneClick.text()).toContain('You are unsubscribed');
      const [row] = (await app.store.listSubscribers()).filter((s) => s.email === email);
      expect(row?.status).toBe('unsubscribed');
      expect((await postForm(unsubscribe, 'List-Unsubscribe=One-Click')).status).toBe(200);
    });
  });
}
