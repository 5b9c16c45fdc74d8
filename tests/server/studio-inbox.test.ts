import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Enquiry,
  EnquiryDetail,
  EnquiryPage,
  InboxCounts,
  MailHealth,
  SubscriberItem,
  SubscriberPage,
} from '../../common/studio-inbox';
import { INBOX_BACKENDS, startInboxApp, type InboxApp } from './helpers/start-inbox-app';
import { newEnquiry } from './helpers/store-fixtures';

const JSON_HEADERS = { 'content-type': 'application/json' };

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

function byNewest(a: Enquiry, b: Enquiry): number {
  if (a.receivedAt !== b.receivedAt) return a.receivedAt < b.receivedAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

describe.each(INBOX_BACKENDS)('studio inbox ($name)', ({ name, createFixture }) => {
  let app: InboxApp;

  beforeEach(async () => {
    app = await startInboxApp({ name, createFixture });
  });
  afterEach(() => app.close());

  async function list(query = ''): Promise<EnquiryPage> {
    return json<EnquiryPage>(await app.call(`leads${query}`));
  }

  async function setStatus(id: string, status: string): Promise<Response> {
    return app.call(`leads/${id}`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({ status }),
    });
  }

  async function readDetail(id: string): Promise<EnquiryDetail> {
    return json<EnquiryDetail>(await app.call(`leads/${id}`));
  }

  async function waitForEmailAbout(id: string): Promise<void> {
    await expect
      .poll(() => app.mail.received.filter((mail) => mail.text?.includes(id)).length, {
        timeout: 10_000,
      })
      .toBe(1);
  }

  it('pages through every enquiry newest first, without gaps or repeats', async () => {
    // Saved together, many share a millisecond: the id breaks the tie.
    const ids = await Promise.all(Array.from({ length: 23 }, () => app.receive()));
    const seen: Enquiry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor === null ? '?limit=5' : `?limit=5&cursor=${cursor}`;
      const page = await list(query);
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(seen.map((enquiry) => enquiry.id).sort()).toEqual([...ids].sort());
    expect(seen).toEqual([...seen].sort(byNewest));
    expect(seen[0]).toMatchObject({
      name: 'Ann Lee',
      service: 'Brand Strategy',
      status: 'new',
      message: 'We would like a new brand for our bakery.',
    });
    expect(Object.keys(seen[0] ?? {}).sort()).toEqual(
      ['email', 'id', 'lead', 'message', 'name', 'receivedAt', 'service', 'status'].sort(),
    );
  });

  it('answers with no-store and noindex, and the default page of 25', async () => {
    await Promise.all(Array.from({ length: 27 }, () => app.receive()));
    const response = await app.call('leads');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await json<EnquiryPage>(response);
    expect(page.items).toHaveLength(25);
    expect(page.nextCursor).not.toBeNull();
  });

  it('filters by status and service, and counts every folder', async () => {
    const bakery = await app.receive({ service: 'Packaging Design' });
    const archived = await app.receive();
    const opened = await app.receive();
    const spam = await app.receive({ name: 'Bot' }, { isSpam: true });
    await app.receive();
    await json(await setStatus(archived, 'archived'));
    await json(await setStatus(opened, 'read'));

    const inbox = await list();
    expect(inbox.items.map((enquiry) => enquiry.id)).not.toContain(archived);
    expect(inbox.items.map((enquiry) => enquiry.id)).not.toContain(spam);
    expect(inbox.items).toHaveLength(3);
    expect(inbox.counts).toEqual<InboxCounts>({
      new: 2,
      read: 1,
      archived: 1,
      spam: 1,
    });

    expect((await list('?status=spam')).items.map((enquiry) => enquiry.id)).toEqual([spam]);
    expect((await list('?status=archived')).items.map((enquiry) => enquiry.id)).toEqual([archived]);
    const packaging = await list(`?service=${encodeURIComponent('Packaging Design')}`);
    expect(packaging.items.map((enquiry) => enquiry.id)).toEqual([bakery]);
    expect((await list('?status=new&service=Packaging%20Design')).items).toHaveLength(1);
    expect((await list('?status=read&service=Packaging%20Design')).items).toHaveLength(0);
    // Replied is a stage now (decision 0075), not a status.
    expect((await app.call('leads?status=replied')).status).toBe(400);
  });

  it('searches names, email addresses and words of the message', async () => {
    const zoe = await app.receive({
      name: 'Zoë Okafor',
      email: 'zoe@northwind.example',
      message: 'Packaging for our cold brew coffee, launching in spring.',
    });
    const kenji = await app.receive({
      name: '山田 健二',
      email: 'kenji.yamada@tokyo-print.example',
      message: 'A pitch deck for investors, in English and Japanese.',
    });
    const ann = await app.receive({ name: 'Ann Lee', message: 'A brand for a bakery.' });

    const find = async (q: string) =>
      (await list(`?q=${encodeURIComponent(q)}`)).items.map((enquiry) => enquiry.id);
    expect(await find('Zoë')).toEqual([zoe]);
    expect(await find('okafor')).toEqual([zoe]);
    expect(await find('northwind')).toEqual([zoe]);
    expect(await find('zoe@northwind.example')).toEqual([zoe]);
    expect(await find('kenji.yamada')).toEqual([kenji]);
    expect(await find('tokyo-print')).toEqual([kenji]);
    expect(await find('山田')).toEqual([kenji]);
    expect(await find('coffee')).toEqual([zoe]);
    expect(await find('cold BREW')).toEqual([zoe]);
    expect(await find('brew investors')).toEqual([]);
    expect(await find('invest')).toEqual([kenji]);
    expect((await find('a')).sort()).toEqual([kenji, ann].sort());
    expect(await find('nothing-like-this')).toEqual([]);
  });

  it('treats search syntax and SQL in q as plain words', async () => {
    const quoted = await app.receive({ message: 'He said "near" the end; drop by anytime.' });
    await app.receive({ message: 'Something else entirely.' });
    const hostile = [
      "'; DROP TABLE enquiries; --",
      '" OR 1=1 --',
      'near(a b)',
      'a* OR b*',
      '"unbalanced',
      'NOT coffee',
      'title:drop',
      '^start',
      'a & b | !c',
      "coffee:* & 'x'",
      '\\',
      '*',
      '()',
      '%_%',
    ];
    for (const q of hostile) {
      const response = await app.call(`leads?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    const found = await list(`?q=${encodeURIComponent('"near" ... drop*')}`);
    expect(found.items.map((enquiry) => enquiry.id)).toEqual([quoted]);
    expect((await list()).counts.new).toBe(2);
  });

  it('opens an enquiry: every field, its email, and it becomes read', async () => {
    const id = await app.receive({ name: 'Ann Lee', email: 'ann@example.com' });
    await waitForEmailAbout(id);
    await expect.poll(async () => (await readDetail(id)).delivery?.state).toBe('sent');
    const detail = await readDetail(id);
    expect(detail).toMatchObject({
      id,
      name: 'Ann Lee',
      email: 'ann@example.com',
      status: 'read',
      delivery: { state: 'sent', attempts: 1, lastError: null },
    });
    expect(Date.parse(detail.delivery?.sentAt ?? '')).not.toBeNaN();
    expect((await list()).counts).toMatchObject({ new: 0, read: 1 });

    await json(await setStatus(id, 'new'));
    expect((await readDetail(id)).status).toBe('read');
  });

  it('changes the status, and refuses unknown statuses and enquiries', async () => {
    const id = await app.receive();
    for (const status of ['read', 'archived', 'new'] as const) {
      const changed = await json<Enquiry>(await setStatus(id, status));
      expect(changed).toMatchObject({ id, status });
    }
    expect((await setStatus(id, 'deleted')).status).toBe(400);
    expect((await setStatus(id, 'replied')).status).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await json(await setStatus(unknown, 'read'), 404)).toEqual({
      success: false,
      error: 'not_found',
    });
    expect((await list('?status=new')).items.map((enquiry) => enquiry.id)).toEqual([id]);
  });

  it('moves a honeypot catch out of Spam and emails it exactly once', async () => {
    const id = await app.receive({ name: 'Real Person' }, { isSpam: true });
    expect((await readDetail(id)).delivery).toBeNull();
    expect((await list('?status=spam')).items.map((enquiry) => enquiry.id)).toEqual([id]);

    expect((await json<Enquiry>(await setStatus(id, 'new'))).status).toBe('new');
    await waitForEmailAbout(id);
    await json(await setStatus(id, 'spam'));
    await json(await setStatus(id, 'read'));
    await json(await setStatus(id, 'archived'));
    // Each move was stored before its answer: an empty outbox means no second email can come.
    expect((await app.store.readOutboxBacklog()).count).toBe(0);
    expect(app.mail.received.filter((mail) => mail.text?.includes(id))).toHaveLength(1);
    expect((await readDetail(id)).delivery?.state).toBe('sent');
  });

  it('sends a given-up email again through the SMTP server, and reports mail trouble until then', async () => {
    app.setMailAnswer({ code: 550, message: 'Mailbox unavailable' });
    const id = await app.receive();
    await expect.poll(async () => (await readDetail(id)).delivery?.state).toBe('failed');
    const failed = await readDetail(id);
    expect(failed.delivery?.lastError).toContain('Mailbox unavailable');
    const health = await json<{ mail: MailHealth }>(await app.call('me'));
    expect(health.mail).toEqual<MailHealth>({
      isFailing: true,
      failingSince: failed.receivedAt,
      givenUp: 1,
    });

    app.setMailAnswer('accept');
    expect(await json(await app.call(`leads/${id}/resend`, { method: 'POST' }), 202)).toEqual({
      success: true,
    });
    await waitForEmailAbout(id);
    await expect.poll(async () => (await readDetail(id)).delivery?.state).toBe('sent');
    expect((await json<{ mail: MailHealth }>(await app.call('me'))).mail).toEqual<MailHealth>({
      isFailing: false,
      failingSince: null,
      givenUp: 0,
    });
  });

  it('refuses to resend an email that is still queued or in Spam', async () => {
    app.setMailAnswer({ code: 451, message: 'Try again later' });
    const retrying = await app.receive();
    await expect.poll(async () => (await readDetail(retrying)).delivery?.state).toBe('retrying');
    expect(await json(await app.call(`leads/${retrying}/resend`, { method: 'POST' }), 409)).toEqual(
      { success: false, error: 'not_resendable' },
    );
    const spam = await app.receive({}, { isSpam: true });
    expect((await app.call(`leads/${spam}/resend`, { method: 'POST' })).status).toBe(409);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await app.call(`leads/${unknown}/resend`, { method: 'POST' })).status).toBe(404);
  });

  it('says mail is failing once an email has been retrying for more than 15 minutes', async () => {
    app.setMailAnswer({ code: 451, message: 'Try again later' });
    const id = await app.receive();
    await expect.poll(async () => (await readDetail(id)).delivery?.state).toBe('retrying');
    const mail = async () => (await json<{ mail: MailHealth }>(await app.call('me'))).mail;
    expect(await mail()).toEqual({ isFailing: false, failingSince: null, givenUp: 0 });
    app.advanceClock(14 * 60_000);
    expect((await mail()).isFailing).toBe(false);
    app.advanceClock(2 * 60_000);
    const failing = await mail();
    expect(failing).toMatchObject({ isFailing: true, givenUp: 0 });
    const since = Date.parse(failing.failingSince ?? '');
    expect(Math.abs(since - Date.parse((await readDetail(id)).receivedAt))).toBeLessThan(5_000);
  });

  it('exports the current view as CSV with formulas neutralised, and as JSON', async () => {
    const formula = await app.receive({
      name: '=HYPERLINK("http://evil.example","Click")',
      message: '+SUM(A1:A9)\n@cmd, "quoted"',
    });
    const other = await app.receive({ service: 'Packaging Design', name: 'Plain Name' });
    await app.receive({}, { isSpam: true });

    const csv = await app.call('export?format=csv&service=Brand%20Strategy');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="enquiries-${today}.csv"`,
    );
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const text = await csv.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'id,receivedAt,status,name,email,service,message,stage,owner,follow_up_on,value,currency,notes,thread,' +
        'source,campaign,call_state,call_start,call_end,call_start_studio_time,call_end_studio_time,call_time_zone,call_name,call_email,call_note,call_booked_at',
    );
    expect(text).toContain(`${formula},`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(text).toContain(`"'+SUM(A1:A9)\n@cmd, ""quoted"""`);
    expect(text).not.toContain(other);
    expect(text.endsWith('\r\n')).toBe(true);

    const exported = await app.call('export?format=json&status=spam');
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="enquiries-${today}.json"`,
    );
    const items = (await exported.json()) as Enquiry[];
    expect(items).toHaveLength(1);
    expect(items[0]?.status).toBe('spam');

    const everything = (await (await app.call('export?format=json')).json()) as Enquiry[];
    expect(everything.map((enquiry) => enquiry.id).sort()).toEqual([formula, other].sort());
  });

  it("exports a booked lead with its call, in UTC and the studio's zone", async () => {
    const start = new Date('2031-07-04T10:00:00.000Z');
    const end = new Date('2031-07-04T10:30:00.000Z');
    const booked = await app.store.bookings.book({
      start,
      end,
      blockedUntil: end,
      day: '2031-07-04',
      maxPerDay: 8,
      lead: newEnquiry(),
      name: 'Ann Lee',
      email: 'ann@example.com',
      note: 'A new identity for our bakery',
    });
    if (booked.kind !== 'booked') throw new Error(`expected a booking, got ${booked.kind}`);
    const items = (await (await app.call('export?format=json')).json()) as (Enquiry & {
      call: unknown;
    })[];
    expect(items.find((item) => item.id === booked.booking.enquiryId)?.call).toEqual({
      state: 'confirmed',
      start: '2031-07-04T10:00:00.000Z',
      end: '2031-07-04T10:30:00.000Z',
      startInStudioZone: '2031-07-04T11:00:00+01:00',
      endInStudioZone: '2031-07-04T11:30:00+01:00',
      timeZone: 'Europe/London',
      name: 'Ann Lee',
      email: 'ann@example.com',
      note: 'A new identity for our bakery',
      bookedAt: booked.booking.createdAt.toISOString(),
    });
    const csv = await (await app.call('export?format=csv')).text();
    expect(csv).toContain(
      'confirmed,2031-07-04T10:00:00.000Z,2031-07-04T10:30:00.000Z,2031-07-04T11:00:00+01:00,2031-07-04T11:30:00+01:00,Europe/London,Ann Lee,ann@example.com,A new identity for our bakery,',
    );
  });

  it('exports more enquiries than one batch holds, each once', async () => {
    // Twenty at a time: 520 at once would wait on the PostgreSQL pool, not on the export.
    for (let saved = 0; saved < 520; saved += 20) {
      await Promise.all(Array.from({ length: 20 }, () => app.receive()));
    }
    const items = (await (await app.call('export?format=json')).json()) as Enquiry[];
    expect(new Set(items.map((enquiry) => enquiry.id)).size).toBe(520);
    expect(items).toEqual([...items].sort(byNewest));
    const csv = await (await app.call('export?format=csv')).text();
    expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(521);
    // 520 durable writes (fsync each) take longer than the default 5 s on a busy machine.
  });

  it('lists, exports and removes newsletter subscribers', async () => {
    await app.store.subscribe('first@example.com');
    await app.store.subscribe('=cmd@example.com');
    const { items } = await json<{ items: { id: string; email: string; createdAt: string }[] }>(
      await app.call('subscribers'),
    );
    expect(items.map((item) => item.email).sort()).toEqual(
      ['=cmd@example.com', 'first@example.com'].sort(),
    );

    const csv = await app.call('subscribers/export?format=csv');
    const today = new Date().toISOString().slice(0, 10);
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="subscribers-${today}.csv"`,
    );
    const text = await csv.text();
    expect(text).toContain("'=cmd@example.com");
    expect(text).toContain('first@example.com');
    const asJson = (await (await app.call('subscribers/export?format=json')).json()) as unknown[];
    expect(asJson).toHaveLength(2);

    const first = items.find((item) => item.email === 'first@example.com');
    const removed = await app.call(`subscribers/${first?.id ?? ''}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    const again = await app.call(`subscribers/${first?.id ?? ''}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect((await app.store.listSubscribers()).map((row) => row.email)).toEqual([
      '=cmd@example.com',
    ]);
  });

  it('lists subscribers a page at a time, counts the whole list, and exports past one page', async () => {
    // Held sign-ups need no proof from whoever sends them: the list anyone can inflate.
    const start = Date.now() - 60_000;
    await Promise.all(
      Array.from({ length: 520 }, (_, index) =>
        app.store.holdSubscription(`held${index}@example.com`, { now: new Date(start + index) }),
      ),
    );
    const first = await json<SubscriberPage>(await app.call('subscribers?limit=100'));
    expect(first.items).toHaveLength(100);
    expect(first.items[0]?.email).toBe('held519@example.com');
    expect(first.counts).toEqual({
      held: 520,
      pending: 0,
      confirmed: 0,
      unsubscribed: 0,
      bounced: 0,
      complained: 0,
    });
    const second = await json<SubscriberPage>(
      await app.call(`subscribers?limit=100&cursor=${first.nextCursor ?? ''}`),
    );
    expect(second.items[0]?.email).toBe('held419@example.com');
    expect((await app.call('subscribers?cursor=not-ours')).status).toBe(400);
    expect((await app.call('subscribers?limit=101')).status).toBe(400);

    const exported = (await (
      await app.call('subscribers/export?format=json')
    ).json()) as SubscriberItem[];
    expect(new Set(exported.map((item) => item.email)).size).toBe(520);
    const csv = await (await app.call('subscribers/export?format=csv')).text();
    expect(csv.split('\r\n').filter((line) => line !== '')).toHaveLength(521);
  });
});
