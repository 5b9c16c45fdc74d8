import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMember } from '../../common/staff';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  cookieFrom,
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
  type StudioTarget,
} from './helpers/studio-session';

const ELSEWHERE = { origin: 'https://elsewhere.example' };

/** Accepts an invitation's link with `password`; returns the new session's cookie. */
async function accept(target: StudioTarget, link: string, password: string): Promise<Response> {
  const token = new URL(link).hash.slice('#token='.length);
  return studioFetch(target, '/welcome', { method: 'POST', body: { token, password } });
}

describe.each(BACKENDS)('the team, managed in the studio ($name)', (backend) => {
  let app: TestApp;
  let owner: StudioStaff;
  const target = () => studioTargetOf(app);

  const team = async (cookie = owner.cookie): Promise<TeamMember[]> => {
    const response = await studioFetch(target(), '/staff', { cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as { items: TeamMember[] }).items;
  };
  const invite = (body: unknown, cookie = owner.cookie, headers?: Record<string, string>) =>
    studioFetch(target(), '/staff', { method: 'POST', body, cookie, headers });

  /** A member invited by the owner, who chose a password from the link and is signed in. */
  const signedInMember = async (email: string, name: string) => {
    const invited = await invite({ email, name, role: 'member' });
    expect(invited.status).toBe(201);
    const { link } = (await invited.json()) as { link: string };
    const password = 'a member of the team 1';
    const welcomed = await accept(target(), link, password);
    expect(welcomed.status).toBe(200);
    return { email, password, cookie: cookieFrom(welcomed), link };
  };

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend, {
      STUDIO_SIGN_IN_MAX_PER_IP: '100',
      STUDIO_SIGN_IN_MAX_PER_ACCOUNT: '3',
      STUDIO_SIGN_IN_MAX_PER_ACCOUNT_ALL: '6',
      STUDIO_SIGN_IN_WINDOW_MS: '86400000',
    });
    owner = await createSignedInStaff(target(), { email: 'sam.rivera@studio.example' });
  });
  afterAll(() => app?.close());

  it.skipIf(isUnavailable(backend))(
    'an owner invites a member by email in the studio’s words; either link works, once',
    async () => {
      const invited = await invite({
        email: 'ola@studio.example',
        name: 'Ola Berg',
        role: 'member',
      });
      expect(invited.status).toBe(201);
      const shown = ((await invited.json()) as { link: string }).link;
      const mail = await app.smtp.waitFor(
        (candidate) =>
          candidate.to !== undefined && JSON.stringify(candidate.to).includes('ola@studio.example'),
      );
      expect(mail.subject).toBe('Sam Rivera invited you to the Ember & Ink studio');
      const emailed = /https?:\/\/\S+#token=\S+/.exec(mail.text ?? '')?.[0] ?? '';
      expect(emailed).not.toBe(shown);

      const welcomed = await accept(target(), emailed, 'a member of the team 1');
      expect(welcomed.status).toBe(200);
      expect((await accept(target(), emailed, 'someone else entirely')).status).toBe(400);
      expect((await accept(target(), shown, 'someone else entirely')).status).toBe(400);
      expect(await team(cookieFrom(welcomed))).toEqual([
        { email: 'ola@studio.example', name: 'Ola Berg', role: 'member' },
        { email: 'sam.rivera@studio.example', name: 'Sam Rivera', role: 'owner' },
      ]);
      const events = (await app.store.auth.listAudit(20)).map((entry) => entry.event);
      expect(events).toContain('staff.add');
    },
  );

  it.skipIf(isUnavailable(backend))(
    'refuses strangers, members and other sites, and changes nothing',
    async () => {
      const member = await signedInMember('mo@studio.example', 'Mo');
      const before = await team();
      const attempts: [string, string, unknown][] = [
        ['POST', '/staff', { email: 'x@studio.example', name: 'X', role: 'owner' }],
        ['PATCH', '/staff/sam.rivera@studio.example', { role: 'member' }],
        ['PATCH', '/staff/mo@studio.example', { role: 'owner' }],
        ['DELETE', '/staff/sam.rivera@studio.example', undefined],
      ];
      for (const [method, path, body] of attempts) {
        expect((await studioFetch(target(), path, { method, body })).status).toBe(401);
        const asMember = await studioFetch(target(), path, { method, body, cookie: member.cookie });
        expect(asMember.status).toBe(403);
        expect(await asMember.json()).toEqual({ success: false, error: 'forbidden' });
        const crossSite = await studioFetch(target(), path, {
          method,
          body,
          cookie: owner.cookie,
          headers: ELSEWHERE,
        });
        expect(crossSite.status).toBe(403);
      }
      expect(await team()).toEqual(before);
    },
  );

  it.skipIf(isUnavailable(backend))(
    'renames, changes roles and removes, but never the last owner',
    async () => {
      const lastOwner = await studioFetch(target(), '/staff/sam.rivera@studio.example', {
        method: 'PATCH',
        body: { role: 'member' },
        cookie: owner.cookie,
      });
      expect(lastOwner.status).toBe(409);
      expect(await lastOwner.json()).toEqual({ success: false, error: 'last_owner' });
      const removeLast = await studioFetch(target(), '/staff/sam.rivera@studio.example', {
        method: 'DELETE',
        cookie: owner.cookie,
      });
      expect(removeLast.status).toBe(409);

      const member = await signedInMember('kit@studio.example', 'Kit');
      const renamed = await studioFetch(target(), '/staff/KIT@studio.example', {
        method: 'PATCH',
        body: { name: 'Kit Marlowe', role: 'owner' },
        cookie: owner.cookie,
      });
      expect(await renamed.json()).toEqual({
        email: 'kit@studio.example',
        name: 'Kit Marlowe',
        role: 'owner',
      });
      const removed = await studioFetch(target(), '/staff/kit@studio.example', {
        method: 'DELETE',
        cookie: owner.cookie,
      });
      expect(removed.status).toBe(204);
      expect((await studioFetch(target(), '/me', { cookie: member.cookie })).status).toBe(401);
      expect((await accept(target(), member.link, 'a new password here')).status).toBe(400);
      expect((await team()).map(({ email }) => email)).not.toContain('kit@studio.example');
      const events = (await app.store.auth.listAudit(20)).map((entry) => entry.event);
      expect(events).toEqual(expect.arrayContaining(['staff.role', 'staff.remove']));
    },
  );

  it.skipIf(isUnavailable(backend))(
    'refuses hostile names and addresses with a 400, and changes nothing',
    async () => {
      const before = await team();
      const hostile = [
        { email: 'evil@studio.example', name: 'Eve\r\nBcc: all@example.com', role: 'member' },
        { email: 'evil@studio.example', name: 'E'.repeat(81), role: 'member' },
        { email: 'evil@studio.example', name: 'Eve\u0000', role: 'member' },
        { email: 'evil@studio.example', name: '   ', role: 'member' },
        { email: 'evil@studio.example', name: 'Eve', role: 'admin' },
        { email: 'evil@studio.example, x@y.example', name: 'Eve', role: 'member' },
      ];
      for (const body of hostile) expect((await invite(body)).status).toBe(400);
      const rename = await studioFetch(target(), '/staff/sam.rivera@studio.example', {
        method: 'PATCH',
        body: { name: 'Sam\nRivera' },
        cookie: owner.cookie,
      });
      expect(rename.status).toBe(400);
      const ownName = await studioFetch(target(), '/me', {
        method: 'PATCH',
        body: { name: 'Sam\r\nX-Header: 1', signature: 'fine' },
        cookie: owner.cookie,
      });
      expect(ownName.status).toBe(400);
      const duplicate = await invite({
        email: 'SAM.RIVERA@studio.example',
        name: 'Sam',
        role: 'member',
      });
      expect(duplicate.status).toBe(409);
      expect(await team()).toEqual(before);
      const me = (await (await studioFetch(target(), '/me', { cookie: owner.cookie })).json()) as {
        staff: { signature: string };
      };
      expect(me.staff.signature).toBe('');
    },
  );

  it.skipIf(isUnavailable(backend))(
    'each person sets their own name, signature and password; other sessions end',
    async () => {
      const person = await createSignedInStaff(target(), { email: 'pat@studio.example' });
      const phone = await studioFetch(target(), '/session', {
        method: 'POST',
        body: { email: person.email, password: person.password },
      });
      const phoneCookie = cookieFrom(phone);
      const signature = 'Pat Lee\nEmber & Ink — brand and web';
      const changed = await studioFetch(target(), '/me', {
        method: 'PATCH',
        body: { name: 'Pat Lee', signature },
        cookie: person.cookie,
      });
      expect(await changed.json()).toMatchObject({ name: 'Pat Lee', signature });

      const short = await studioFetch(target(), '/me/password', {
        method: 'POST',
        body: { currentPassword: person.password, newPassword: 'short' },
        cookie: person.cookie,
      });
      expect(short.status).toBe(422);
      expect(await short.json()).toEqual({ success: false, error: 'password_too_short' });
      const newPassword = 'a much better password';
      const ok = await studioFetch(target(), '/me/password', {
        method: 'POST',
        body: { currentPassword: person.password, newPassword },
        cookie: person.cookie,
      });
      expect(ok.status).toBe(200);
      expect((await studioFetch(target(), '/me', { cookie: person.cookie })).status).toBe(200);
      expect((await studioFetch(target(), '/me', { cookie: phoneCookie })).status).toBe(401);
      const oldSignIn = await studioFetch(target(), '/session', {
        method: 'POST',
        body: { email: person.email, password: person.password },
      });
      expect(oldSignIn.status).toBe(401);
      const events = (await app.store.auth.listAudit(20)).map((entry) => entry.event);
      expect(events).toContain('staff.password');
    },
  );

  it.skipIf(isUnavailable(backend))(
    'stops guessing the current password like a sign-in, and keeps the password',
    async () => {
      const person = await createSignedInStaff(target(), { email: 'gus@studio.example' });
      const guess = (currentPassword: string) =>
        studioFetch(target(), '/me/password', {
          method: 'POST',
          body: { currentPassword, newPassword: 'taken over for good now' },
          cookie: person.cookie,
        });
      const statuses = [];
      for (const attempt of ['guess one', 'guess two', 'guess three', 'guess four']) {
        statuses.push((await guess(attempt)).status);
      }
      expect(statuses).toEqual([403, 403, 403, 429]);
      expect((await guess(person.password)).status).toBe(429);
      const signIn = await studioFetch(target(), '/session', {
        method: 'POST',
        body: { email: 'gus@studio.example', password: 'taken over for good now' },
      });
      expect(signIn.status).not.toBe(200);
    },
  );
});
