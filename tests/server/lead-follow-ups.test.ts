import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnquiryDetail, EnquiryPage } from '../../common/studio-inbox';
import { BACKENDS, isUnavailable } from './helpers/backends';
import { startTestApp, type TestApp } from './helpers/start-test-app';
import {
  createSignedInStaff,
  studioFetch,
  studioTargetOf,
  type StudioStaff,
  type StudioTarget,
} from './helpers/studio-session';

/** Fourteen hours ahead of UTC: its midnight falls at 10:00 UTC, the day before. */
const ZONE = 'Pacific/Kiritimati';
/** 23:59 on 26 November on the studio's wall, then 00:01 on the 27th. */
const BEFORE_MIDNIGHT = Date.parse('2026-11-26T09:59:00Z');
const AFTER_MIDNIGHT = Date.parse('2026-11-26T10:01:00Z');

describe.each(BACKENDS)('follow-ups, owners and values ($name)', (backend) => {
  let app: TestApp;
  let clock = BEFORE_MIDNIGHT;
  let target: StudioTarget;
  let owner: StudioStaff;
  let member: StudioStaff;

  beforeAll(async () => {
    if (isUnavailable(backend)) return;
    app = await startTestApp(backend, { STUDIO_TIME_ZONE: ZONE }, { now: () => clock });
    target = studioTargetOf(app, () => clock);
    owner = await createSignedInStaff(target);
    member = await createSignedInStaff(target);
  });
  afterAll(() => app?.close());

  async function receive(name: string): Promise<string> {
    const saved = await app.store.saveEnquiry({
      message: {
        name,
        email: `${name.toLowerCase()}@example.com`,
        service: 'Brand Strategy',
        message: 'Hello.',
      },
      isSpam: false,
      clientIp: '203.0.113.9',
      userAgent: null,
      idempotency: null,
    });
    if (saved.kind !== 'created') throw new Error('not saved');
    return saved.id;
  }
  const patch = (as: StudioStaff, id: string, body: unknown) =>
    studioFetch(target, `/leads/${id}`, { method: 'PATCH', body, cookie: as.cookie });
  const list = async (as: StudioStaff, query: string) => {
    const response = await studioFetch(target, `/leads?${query}`, { cookie: as.cookie });
    expect(response.status).toBe(200);
    return ((await response.json()) as EnquiryPage).items.map((item) => item.id);
  };
  const detail = async (id: string) =>
    (await (
      await studioFetch(target, `/leads/${id}`, { cookie: owner.cookie })
    ).json()) as EnquiryDetail;

  it.skipIf(isUnavailable(backend))(
    'refuses a bad amount or currency with 422 and changes nothing; keeps a good one',
    async () => {
      const id = await receive('Valeria');
      for (const [value, error] of [
        [{ amount: -1, currency: 'GBP' }, 'invalid_amount'],
        [{ amount: '12.345', currency: 'GBP' }, 'invalid_amount'],
        [{ amount: '1.5', currency: 'JPY' }, 'invalid_amount'],
        [{ amount: '1e3', currency: 'GBP' }, 'invalid_amount'],
        [{ amount: 100, currency: 'XYZ' }, 'invalid_currency'],
        [{ amount: 100, currency: 'gbp' }, 'invalid_currency'],
      ] as const) {
        const response = await patch(owner, id, { value });
        expect(response.status, JSON.stringify(value)).toBe(422);
        expect(await response.json()).toMatchObject({ error });
      }
      expect((await detail(id)).value).toBeNull();

      const saved = await patch(owner, id, { value: { amount: '12000.50', currency: 'GBP' } });
      expect(await saved.json()).toMatchObject({ value: { amount: 12000.5, currency: 'GBP' } });
      expect((await detail(id)).value).toEqual({ amount: 12000.5, currency: 'GBP' });
      await patch(owner, id, { value: null });
      expect((await detail(id)).value).toBeNull();
    },
  );

  it.skipIf(isUnavailable(backend))("lists a member's own leads with owner=me", async () => {
    const theirs = await receive('Marek');
    const mine = await receive('Odile');
    expect((await patch(owner, theirs, { owner: member.email })).status).toBe(200);
    expect((await patch(owner, mine, { owner: owner.email })).status).toBe(200);
    expect(await list(member, 'owner=me')).toEqual([theirs]);
    expect(await list(owner, 'owner=me')).toEqual([mine]);
  });

  it.skipIf(isUnavailable(backend))(
    "shows a follow-up as due from the first minute of its day in the studio's zone",
    async () => {
      const id = await receive('Sione');
      const won = await receive('Tarni');
      await patch(owner, id, { followUpOn: '2026-11-27' });
      await patch(owner, won, { followUpOn: '2026-11-20', stage: 'won' });
      clock = BEFORE_MIDNIGHT;
      expect(await list(owner, 'view=due')).not.toContain(id);
      clock = AFTER_MIDNIGHT;
      expect(await list(owner, 'view=due')).toContain(id);
      expect(await list(owner, 'view=due')).not.toContain(won);
      expect((await studioFetch(target, '/leads?view=soon', { cookie: owner.cookie })).status).toBe(
        400,
      );
    },
  );

  it.skipIf(isUnavailable(backend))(
    'emails a colleague a link to a lead given to them, once, and nobody who takes one',
    async () => {
      const given = await receive('Ingrid');
      const taken = await receive('Jules');
      expect((await patch(owner, given, { owner: member.email })).status).toBe(200);
      expect((await patch(owner, given, { owner: member.email })).status).toBe(200);
      expect((await patch(owner, given, { stage: 'contacted' })).status).toBe(200);
      expect((await patch(owner, taken, { owner: owner.email })).status).toBe(200);

      const mail = await app.smtp.waitFor(
        (message) => message.subject === 'A lead for you: Ingrid',
      );
      expect(mail.to).toMatchObject({ text: member.email });
      // The giver by name, as colleagues know them; never by their address.
      const giver = await app.store.auth.findStaffByEmail(owner.email);
      expect(mail.text).toContain(`${giver?.name ?? '?'} gave you the enquiry from Ingrid`);
      expect(mail.text).not.toContain(owner.email);
      const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
      expect(new URL(link).searchParams.get('id')).toBe(given);
      // Every queued email has gone out: a second one for either lead would be here by now.
      await expect.poll(async () => (await app.store.readOutboxBacklog()).count).toBe(0);
      const about = (name: string) =>
        app.smtp.messages.filter((message) => message.subject === `A lead for you: ${name}`);
      expect(about('Ingrid')).toHaveLength(1);
      expect(about('Jules')).toHaveLength(0);
    },
  );
});
