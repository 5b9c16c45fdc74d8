import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LETTER_BODY_MAX, type Letter } from '../../common/letters';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { addresses, addSubscribers } from './helpers/letter-subscribers';
import { postForm } from './helpers/newsletter-mail';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
} from './helpers/studio-session';

const DRAFT = { subject: 'Autumn at the studio', preview: 'Three new books', body: 'Hello.' };

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The link of a copy's List-Unsubscribe header, as a mail provider reads it. */
function unsubscribeLinkOf(mail: ParsedMail): string {
  const line = mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? '';
  const link = /<(https?:\/\/[^>]+)>/.exec(line)?.[1];
  if (link === undefined) throw new Error(`No unsubscribe link in ${JSON.stringify(line)}`);
  return link;
}

function sentTo(app: TestApp, email: string): ParsedMail[] {
  return app.smtp.messages.filter((mail) =>
    Array.isArray(mail.to) ? false : mail.to?.value.some((to) => to.address === email),
  );
}

describe.each(BACKENDS)('letters in the studio ($name)', (backend) => {
  let app: TestApp;
  let owner: StudioStaff;
  let member: StudioStaff;

  const target = () => studioTargetOf(app);
  const call = (
    path: string,
    staff: StudioStaff | null,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) => studioFetch(target(), path, { ...init, cookie: staff?.cookie });
  const create = async (staff: StudioStaff, subject = DRAFT.subject) =>
    (
      await json<{ id: string; slug: string; state: string }>(
        await call('/letters', staff, { method: 'POST', body: { ...DRAFT, subject } }),
        201,
      )
    ).id;
  const read = async (id: string) => json<Letter>(await call(`/letters/${id}`, owner), 200);

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    // One letter an hour: a letter started here stays `sending` while the test controls it.
    app = await startTestApp(backend, { LETTER_RATE: '1/1h' });
    owner = await createSignedInStaff(target());
    member = await createSignedInStaff(target());
    await app.store.auth.changeStaff(member.email, { role: 'member' });
    await addSubscribers(app.store, addresses('reader', 3));
    await addSubscribers(app.store, ['pending@example.com'], { confirmed: false });
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'starts a letter with no words yet, and refuses to send one until it has some',
    async () => {
      const started = await call('/letters', owner, {
        method: 'POST',
        body: { subject: 'Not written yet', body: '' },
      });
      const { id } = await json<{ id: string }>(started, 201);
      const send = await call(`/letters/${id}/send`, owner, { method: 'POST' });
      expect(await json<{ error: string }>(send, 409)).toMatchObject({ error: 'empty_letter' });
      expect(await read(id)).toMatchObject({ state: 'draft', counts: { recipients: 0 } });
      await call(`/letters/${id}`, owner, { method: 'DELETE' });
    },
  );

  it.skipIf(isUnavailable(backend))(
    'lets either role write drafts, refuses strangers and bad input, and changes only drafts',
    async () => {
      expect((await call('/letters', null, { method: 'POST', body: DRAFT })).status).toBe(401);
      const crossSite = await call('/letters', owner, {
        method: 'POST',
        body: DRAFT,
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(crossSite.status).toBe(403);

      const id = await create(member, 'Winter news');
      const letter = await read(id);
      expect(letter).toMatchObject({ slug: 'winter-news', state: 'draft', sendAt: null });
      const changed = await call(`/letters/${id}`, member, {
        method: 'PATCH',
        body: { subject: 'Winter news', body: 'Snow.' },
      });
      expect(await json<Letter>(changed, 200)).toMatchObject({ body: 'Snow.', preview: '' });
      const listed = await json<{ items: { id: string }[] }>(await call('/letters', member), 200);
      expect(listed.items[0]?.id).toBe(id);

      const bad = [
        { subject: '', body: 'x' },
        { subject: 'a'.repeat(201), body: 'x' },
        { subject: 'Two\r\nlines', body: 'x' },
        { subject: 'Fine', body: 'x', preview: 'p'.repeat(301) },
        { subject: 'Fine' },
        'not an object',
      ];
      for (const body of bad) {
        const response = await call(`/letters/${id}`, member, { method: 'PATCH', body });
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
      const tooLong = await call('/letters', member, {
        method: 'POST',
        body: { subject: 'Long', body: 'x'.repeat(LETTER_BODY_MAX + 1) },
      });
      expect(tooLong.status).toBe(413);
      const longest = await call('/letters', member, {
        method: 'POST',
        body: { subject: 'Long', body: 'é'.repeat(LETTER_BODY_MAX) },
      });
      expect(longest.status).toBe(201);
      expect((await read(id)).body).toBe('Snow.');

      expect((await call('/letters/not-a-letter', member)).status).toBe(400);
      const badSend = await call('/letters/not-a-letter/send', owner, { method: 'POST', body: {} });
      expect(badSend.status).toBe(400);
      expect((await call(`/letters/${randomUUID()}`, member)).status).toBe(404);
      const gone = await call(`/letters/${randomUUID()}`, member, { method: 'DELETE' });
      expect(gone.status).toBe(404);
      expect((await call(`/letters/${id}`, member, { method: 'DELETE' })).status).toBe(204);
      expect((await call(`/letters/${id}`, member)).status).toBe(404);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'lets only owners send, pause, resume and cancel, each once its state allows, and audits them',
    async () => {
      const id = await create(member);
      const send = (staff: StudioStaff, body: unknown = {}) =>
        call(`/letters/${id}/send`, staff, { method: 'POST', body });
      expect((await send(member)).status).toBe(403);
      const bad = ['2020-01-01T00:00:00Z', 'tomorrow', 42, '2031-02-30', '2031-02-30T10:00:00Z'];
      for (const at of bad) {
        expect((await send(owner, { at })).status, String(at)).toBe(400);
      }
      expect(
        (await call(`/letters/${randomUUID()}/send`, owner, { method: 'POST', body: {} })).status,
      ).toBe(404);
      expect((await read(id)).state).toBe('draft');
      const withoutBody = await call(`/letters/${id}/send`, owner, { method: 'POST' });
      expect(await json(withoutBody, 202)).toEqual({ state: 'sending', recipients: 3 });
      expect(await json(await send(owner), 409)).toMatchObject({ error: 'not_a_draft' });
      const patched = await call(`/letters/${id}`, member, { method: 'PATCH', body: DRAFT });
      expect(await json(patched, 409)).toMatchObject({ error: 'not_a_draft', state: 'sending' });

      const control = (name: string, staff = owner) =>
        call(`/letters/${id}/${name}`, staff, { method: 'POST' });
      expect((await control('pause', member)).status).toBe(403);
      expect(await json(await control('pause'), 200)).toEqual({ state: 'paused' });
      expect(await json(await control('pause'), 409)).toMatchObject({ error: 'invalid_state' });
      expect(await json(await control('resume'), 200)).toEqual({ state: 'sending' });
      // The hour's one letter leaves; the rest wait for the next hour, and are never sent.
      await expect.poll(async () => (await read(id)).counts.sent, { timeout: 10_000 }).toBe(1);
      expect(await json(await control('cancel'), 200)).toEqual({ state: 'cancelled' });
      expect(await json(await control('resume'), 409)).toMatchObject({ error: 'invalid_state' });
      expect((await read(id)).counts).toEqual({
        recipients: 3,
        sent: 1,
        failed: 0,
        bounced: 0,
        left: 0,
      });

      const later = await create(owner, 'Spring');
      const at = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await call(`/letters/${later}/send`, owner, {
        method: 'POST',
        body: { at },
      });
      expect(await json(scheduled, 202)).toEqual({ state: 'scheduled', recipients: 3 });
      expect(await read(later)).toMatchObject({ state: 'scheduled', sendAt: at });

      const events = (await app.store.auth.listAudit(50))
        .filter((entry) => entry.event.startsWith('letter.'))
        .map((entry) => [entry.event, entry.email]);
      expect(events.reverse()).toEqual([
        ['letter.send', owner.email],
        ['letter.pause', owner.email],
        ['letter.resume', owner.email],
        ['letter.cancel', owner.email],
        ['letter.send', owner.email],
      ]);
    },
  );
});

describe.each(BACKENDS)('a letter in the mailbox ($name)', (backend) => {
  let app: TestApp;
  let owner: StudioStaff;

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend);
    owner = await createSignedInStaff(studioTargetOf(app));
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    "unsubscribes a copy's subscriber with one click, nobody for a wrong token, and tests reach the sender alone",
    async () => {
      const [leaving, staying] = ['leaving@example.com', 'staying@example.com'];
      await addSubscribers(app.store, [leaving, staying]);
      const call = (path: string, body?: unknown) =>
        studioFetch(studioTargetOf(app), path, { method: 'POST', body, cookie: owner.cookie });
      const { id } = await json<{ id: string }>(await call('/letters', DRAFT), 201);

      expect(await json(await call(`/letters/${id}/test`), 202)).toEqual({ to: owner.email });
      await vi.waitFor(() => expect(sentTo(app, owner.email)).toHaveLength(1));
      expect(sentTo(app, owner.email)[0]?.subject).toBe(`[Test] ${DRAFT.subject}`);
      expect((await app.store.letters.readLetter(id))?.state).toBe('draft');

      expect(await json(await call(`/letters/${id}/send`, {}), 202)).toEqual({
        state: 'sending',
        recipients: 2,
      });
      await vi.waitFor(() => expect(sentTo(app, leaving)).toHaveLength(1), { timeout: 15_000 });
      const link = unsubscribeLinkOf(sentTo(app, leaving)[0] as ParsedMail).replace(
        app.config.siteOrigin,
        app.url,
      );
      const oneClick = (url: string) => postForm(url, 'List-Unsubscribe=One-Click');
      const mac = link.slice(-1) === 'A' ? 'B' : 'A';
      expect((await oneClick(`${link.slice(0, -1)}${mac}`)).status).toBe(404);
      const otherSubscriber = link.replace(/token=[0-9a-f-]{36}/, `token=${randomUUID()}`);
      expect((await oneClick(otherSubscriber)).status).toBe(404);
      const statusOf = async (email: string) =>
        (await app.store.listSubscribers()).find((subscriber) => subscriber.email === email)
          ?.status;
      expect(await statusOf(leaving)).toBe('confirmed');

      expect((await fetch(link)).status).toBe(200);
      expect(await statusOf(leaving)).toBe('confirmed');
      expect((await oneClick(link)).status).toBe(200);
      expect(await statusOf(leaving)).toBe('unsubscribed');
      expect(await statusOf(staying)).toBe('confirmed');
      expect((await oneClick(link)).status).toBe(200);
    },
  );
});
