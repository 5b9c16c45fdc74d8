import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTER_BODY_MAX, type LetterPreview } from '../../common/letters';
import { BACKENDS } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

// The preview stores nothing: one store is enough to serve the studio's session.
const [sqlite] = BACKENDS;

describe("the studio's letter preview", () => {
  let app: TestApp;
  let memberCookie: string;
  const preview = (body: unknown, cookie = memberCookie) =>
    studioFetch(studioTargetOf(app), '/letters/preview', { method: 'POST', body, cookie });

  beforeAll(async () => {
    if (sqlite === undefined) throw new Error('No SQLite backend');
    app = await startTestApp(sqlite);
    await createSignedInStaff(studioTargetOf(app));
    const member = await createSignedInStaff(studioTargetOf(app));
    await app.store.auth.changeStaff(member.email, { role: 'member' });
    memberCookie = member.cookie;
  });
  afterAll(() => app?.close());

  it('shows a member the email a draft makes, in HTML and plain text', async () => {
    const response = await preview({
      subject: 'Spring at the studio',
      preview: 'Three new brands',
      body: '## News\n\nWe **rebuilt** a bakery.\n\n[→ Book a call](/book)',
    });
    expect(response.status).toBe(200);
    const email = (await response.json()) as LetterPreview;
    expect(email.html).toContain('<strong>rebuilt</strong>');
    expect(email.html).toContain('>Book a call</a>');
    expect(email.html).toContain('Three new brands');
    expect(email.text).toContain('Book a call: ');
    expect(email.text).toContain('utm_campaign=');
  });

  it('refuses a body over the limit with 413 and a malformed draft with 400', async () => {
    const tooLong = await preview({ subject: 'Long', body: 'a'.repeat(LETTER_BODY_MAX + 1) });
    expect(tooLong.status).toBe(413);
    for (const malformed of [
      { body: 'no subject' },
      { subject: ' ', body: '' },
      { subject: 'x', body: 3 },
      'text',
    ]) {
      expect((await preview(malformed)).status).toBe(400);
    }
  });

  it('answers nobody signed out', async () => {
    const response = await studioFetch(studioTargetOf(app), '/letters/preview', {
      method: 'POST',
      body: { subject: 'x', body: 'y' },
    });
    expect(response.status).toBe(401);
  });
});
