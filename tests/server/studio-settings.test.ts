import { afterEach, describe, expect, it } from 'vitest';
import type { MailboxState, StudioSettings } from '../../common/studio-settings';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import { createSignedInStaff, studioFetch, studioTargetOf } from './helpers/studio-session';

const DEFAULTS = { locale: 'en-US', currency: 'USD' };
const CHANGED: StudioSettings = {
  acknowledgement: { enabled: true, subject: 'We have it', text: 'Dear {firstName}, thank you.' },
  locale: 'en-GB',
  currency: 'GBP',
};

describe.each(BACKENDS)('the studio’s settings and mailbox ($name)', (backend) => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function signedIn(env: Record<string, string> = {}) {
    app = await startTestApp(backend, env);
    const target = studioTargetOf(app);
    const { cookie } = await createSignedInStaff(target);
    return {
      get: async <T>(path: string) => {
        const response = await studioFetch(target, path, { cookie });
        expect(response.status).toBe(200);
        return (await response.json()) as T;
      },
      put: (body: unknown) => studioFetch(target, '/settings', { method: 'PUT', body, cookie }),
    };
  }

  it.skipIf(isUnavailable(backend))(
    'starts with the acknowledgement off in en-US and USD, and keeps what the studio saves',
    async () => {
      const studio = await signedIn();
      expect(await studio.get<StudioSettings>('/settings')).toMatchObject({
        acknowledgement: { enabled: false, subject: 'Your enquiry to Ember & Ink' },
        ...DEFAULTS,
      });
      const saved = await studio.put({
        ...CHANGED,
        acknowledgement: { ...CHANGED.acknowledgement, subject: '  We have it  ' },
      });
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual(CHANGED);
      expect(await studio.get<StudioSettings>('/settings')).toEqual(CHANGED);
      const audit = await app?.store.auth.listAudit(10);
      expect(audit).toContainEqual(
        expect.objectContaining({
          event: 'studio.settings',
          detail: 'acknowledgement on, en-GB, GBP',
        }),
      );
    },
  );

  it.skipIf(isUnavailable(backend))(
    'refuses a bad locale, currency, subject or text with field errors and changes nothing',
    async () => {
      const studio = await signedIn();
      const before = await studio.get<StudioSettings>('/settings');
      const refusals: [unknown, string[]][] = [
        [{ ...CHANGED, locale: 'english please' }, ['locale']],
        [{ ...CHANGED, locale: 'en_GB' }, ['locale']],
        [{ ...CHANGED, currency: 'gbp' }, ['currency']],
        [{ ...CHANGED, currency: 'XYZ' }, ['currency']],
        [
          { ...CHANGED, acknowledgement: { ...CHANGED.acknowledgement, subject: 'Hi\r\nBcc: x' } },
          ['acknowledgement.subject'],
        ],
        [
          { ...CHANGED, acknowledgement: { ...CHANGED.acknowledgement, text: ' ' } },
          ['acknowledgement.text'],
        ],
      ];
      for (const [body, fields] of refusals) {
        const response = await studio.put(body);
        expect(response.status).toBe(422);
        const answer = (await response.json()) as { fieldErrors: Record<string, string> };
        expect(Object.keys(answer.fieldErrors)).toEqual(fields);
      }
      for (const body of [null, {}, { ...CHANGED, extra: 1 }, { ...CHANGED, locale: 7 }]) {
        expect((await studio.put(body)).status).toBe(400);
      }
      expect(await studio.get<StudioSettings>('/settings')).toEqual(before);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'lets only owners change them: a member is refused with 403 and changes nothing',
    async () => {
      await signedIn();
      if (app === undefined) throw new Error('The app started above');
      const target = studioTargetOf(app);
      const member = await createSignedInStaff(target);
      expect(await app.store.auth.changeStaff(member.email, { role: 'member' })).toMatchObject({
        kind: 'done',
      });
      const put = await studioFetch(target, '/settings', {
        method: 'PUT',
        body: CHANGED,
        cookie: member.cookie,
      });
      expect(put.status).toBe(403);
      const read = await studioFetch(target, '/settings', { cookie: member.cookie });
      expect(await read.json()).toMatchObject(DEFAULTS);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'says there is no mailbox, and that answers go to REPLY_FROM',
    async () => {
      const studio = await signedIn({ REPLY_FROM: 'studio@emberandink.example' });
      expect(await studio.get<MailboxState>('/mailbox')).toEqual({
        connected: false,
        address: 'studio@emberandink.example',
        lastCheckedAt: null,
        error: null,
      });
    },
  );

  it.skipIf(isUnavailable(backend))(
    'says why a mailbox it cannot reach is not connected, as the watch recorded it',
    async () => {
      const studio = await signedIn({
        IMAP_URL: 'imap://studio:secret@127.0.0.1:1/INBOX',
        REPLY_ADDRESS: 'reply@emberandink.example',
      });
      await expect
        .poll(async () => (await studio.get<MailboxState>('/mailbox')).error)
        .not.toBeNull();
      const state = await studio.get<MailboxState>('/mailbox');
      expect(state).toMatchObject({
        connected: false,
        address: 'reply@emberandink.example',
        lastCheckedAt: null,
      });
      expect(state.error).not.toContain('secret');
    },
  );
});
