import type { ParsedMail } from 'mailparser';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ENDPOINT, NEWSLETTER_ENDPOINT } from '../../common/endpoints';
import { CHALLENGE_ENDPOINT, MIN_FILL_MS } from '../../common/challenge';
import { idOf, postJson, SITE_ORIGIN, validEnquiry } from './helpers/api-client';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { solvedChallenge } from '../support/challenge-solver';
import { startTestApp, type TestApp } from './helpers/start-test-app';

function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_ORIGIN },
    body: new URLSearchParams(fields).toString(),
  });
}

for (const backend of BACKENDS) {
  describe.skipIf(isUnavailable(backend))(`spam and plain form posts (${backend.name})`, () => {
    let app: TestApp;
    const url = (path: string): string => `${app.url}${path}`;

    /** Sends a real enquiry after `id`'s, waits for its email: the worker has passed `id` by then. */
    async function expectNeverEmailed(id: string): Promise<void> {
      const canary = idOf((await postJson(url(CONTACT_ENDPOINT), validEnquiry())).body);
      await app.smtp.waitFor((mail) => mail.text?.includes(canary) ?? false);
      expect(app.smtp.messages.filter((mail) => mail.text?.includes(id))).toHaveLength(0);
      expect((await app.store.getEnquiry(id))?.delivery.status).toBe('spam');
    }

    async function newestEnquiry() {
      const [newest] = await app.store.listEnquiries({ limit: 1 });
      if (newest === undefined) throw new Error('no enquiry stored');
      return newest;
    }

    beforeAll(async () => {
      app = await startTestApp(backend);
    });
    afterAll(() => app.close());

    it('stores an enquiry without a solution as spam, answers as usual and emails nothing', async () => {
      const enquiry = validEnquiry({ altcha: undefined });
      const response = await postJson(url(CONTACT_ENDPOINT), enquiry);
      expect(response.status).toBe(201);
      const id = idOf(response.body);
      expect(await app.store.getEnquiry(id)).toMatchObject({ email: enquiry.email, isSpam: true });
      await expectNeverEmailed(id);
    });

    it('stores a replayed, forged, hurried or link-stuffed enquiry as spam', async () => {
      const solution = await solvedChallenge();
      const first = await postJson(url(CONTACT_ENDPOINT), validEnquiry({ altcha: solution }));
      expect((await app.store.getEnquiry(idOf(first.body)))?.isSpam).toBe(false);

      const spam = [
        validEnquiry({ altcha: solution }),
        validEnquiry({ altcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') }),
        // Solved the moment it was made: too fast by the whole minimum, however slow the machine.
        validEnquiry({ altcha: await solvedChallenge({ ageMs: 0 }) }),
        validEnquiry({
          message: 'Deals: https://a.example/1 https://b.example/2 https://c.example',
        }),
      ];
      for (const enquiry of spam) {
        const response = await postJson(url(CONTACT_ENDPOINT), enquiry);
        expect(response.status).toBe(201);
        await expectNeverEmailed(idOf(response.body));
      }
      const reasons = app.logs.filter((entry) => entry.msg === 'enquiry stored' && entry.spam);
      expect(reasons.map((entry) => entry.reasons)).toEqual(
        expect.arrayContaining([
          'replayed-solution',
          'invalid-solution',
          'too-fast',
          'mostly-links',
        ]),
      );
    });

    it('issues a fresh challenge that, solved while the visitor types, gets the enquiry emailed', async () => {
      const response = await fetch(url(CHALLENGE_ENDPOINT));
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const challenge = (await response.json()) as Challenge;
      expect(challenge.parameters.algorithm).toBe('SHA-256');
      expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
      const solution = await solveChallenge({ challenge, deriveKey });
      const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      await sleep(MIN_FILL_MS.contact);

      const id = idOf((await postJson(url(CONTACT_ENDPOINT), validEnquiry({ altcha }))).body);
      await app.smtp.waitFor((mail) => mail.text?.includes(id) ?? false);
      expect((await app.store.getEnquiry(id))?.isSpam).toBe(false);
    });

    it('holds a newsletter address without a solution, never emailed, with the same answer', async () => {
      const email = `unsolved.${Date.now()}@example.com`;
      const response = await postJson(url(NEWSLETTER_ENDPOINT), { email, altcha: undefined });
      expect(response).toMatchObject({ status: 200, body: { success: true } });
      const solved = `solved.${Date.now()}@example.com`;
      expect((await postJson(url(NEWSLETTER_ENDPOINT), { email: solved })).status).toBe(200);
      const stored = await app.store.listSubscribers();
      expect(stored.find((row) => row.email === solved)?.status).toBe('pending');
      expect(stored.find((row) => row.email === email)?.status).toBe('held');
      const isTo = (address: string) => (mail: ParsedMail) =>
        !Array.isArray(mail.to) && mail.to?.value.some((to) => to.address === address) === true;
      // The solved address's email arriving shows the outbox has passed the unsolved one.
      await app.smtp.waitFor(isTo(solved));
      expect(app.smtp.messages.filter(isTo(email))).toEqual([]);
    });

    it('answers a plain form post with 303 to the sent page; without a solution it is kept as spam', async () => {
      const enquiry = validEnquiry();
      const response = await postForm(url(CONTACT_ENDPOINT), { ...enquiry, website: '' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/contact/sent');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const stored = await newestEnquiry();
      expect(stored).toMatchObject({ ...enquiry, isSpam: true });
      await expectNeverEmailed(stored.id);

      const solved = validEnquiry();
      const withSolution = await postForm(url(CONTACT_ENDPOINT), {
        ...solved,
        altcha: await solvedChallenge(),
      });
      expect(withSolution.status).toBe(303);
      const emailed = await newestEnquiry();
      expect(emailed).toMatchObject({ ...solved, isSpam: false });
      await app.smtp.waitFor((mail) => mail.text?.includes(emailed.id) ?? false);

      const signup = await postForm(url(NEWSLETTER_ENDPOINT), { email: 'form@example.com' });
      expect(signup.status).toBe(303);
      expect(signup.headers.get('location')).toBe('/newsletter/sent');
    });

    it('shows an invalid form post again with its errors and the values kept, escaped', async () => {
      const before = (await app.store.listEnquiries({ limit: 1000 })).length;
      const response = await postForm(url(CONTACT_ENDPOINT), {
        name: 'Ann "<b>" Lee',
        email: 'not-an-address',
        service: 'Brand Strategy',
        message: 'Hello </textarea><script>alert(1)</script>',
        website: '',
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await response.text();
      // The test build's page names the refused field and its error code.
      expect(html).toContain('<p data-field="email">invalid_email</p>');
      expect(html).toContain('Ann &#34;&#60;b&#62;&#34; Lee');
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<b>');
      expect((await app.store.listEnquiries({ limit: 1000 })).length).toBe(before);

      const newsletter = await postForm(url(NEWSLETTER_ENDPOINT), { email: 'nope' });
      expect(newsletter.status).toBe(422);
      expect(await newsletter.text()).toContain('value="nope"');
    });
  });
}
