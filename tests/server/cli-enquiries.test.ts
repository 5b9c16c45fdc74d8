import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../common/contact';
import type { Booking } from '../../server/booking/booking-types';
import { openStore } from '../../server/store/open-store';
import type { Store } from '../../server/store/store';
import { runBuiltCli } from '../support/built-app';

let dataDir: string;
let store: Store;
let failedId: string;
let sentId: string;
let hostileId: string;

function cli(...args: string[]) {
  return runBuiltCli(args, { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
}

async function save(message: ContactMessage): Promise<string> {
  const result = await store.saveEnquiry({
    message,
    isSpam: false,
    clientIp: '203.0.113.7',
    userAgent: 'Test Browser',
    idempotency: null,
  });
  if (result.kind !== 'created') throw new Error('expected created');
  await new Promise((resolve) => setTimeout(resolve, 5));
  return result.id;
}

/** Books a half-hour call for `email` and writes its event to the calendar, as the queue does. */
async function bookCall(email: string, start: Date): Promise<Booking> {
  const end = new Date(start.getTime() + 30 * 60 * 1000);
  const message = {
    name: 'Reader',
    email,
    service: 'Brand Strategy' as const,
    message: 'A call.',
  };
  const result = await store.bookings.book({
    start,
    end,
    blockedUntil: end,
    day: start.toISOString().slice(0, 10),
    maxPerDay: 8,
    lead: { message, isSpam: false, clientIp: '203.0.113.7', userAgent: null, idempotency: null },
    name: message.name,
    email,
    note: '',
  });
  if (result.kind !== 'booked') throw new Error(`expected a booking, got ${result.kind}`);
  const due = await store.bookings.claimDueCalendarCopies({
    now: new Date(),
    leaseMs: 60_000,
    limit: 10,
  });
  for (const copy of due) {
    await store.bookings.markCalendarCopyWritten(copy.booking.id, copy.booking.sequence);
  }
  return result.booking;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ember-cli-'));
  store = await openStore({ dataDir });
  failedId = await save({
    name: 'Bea Bounce',
    email: 'bea@example.com',
    service: 'Packaging Design',
    message: 'Boxes, please.',
  });
  sentId = await save({
    name: 'Carl Sent',
    email: 'carl@example.com',
    service: 'Brand Strategy',
    message: 'Already delivered.',
  });
  hostileId = await save({
    name: '=HYPERLINK("http://evil.example","click")',
    email: 'eve@example.com',
    service: 'Other / Not Sure — Help Me Choose',
    message: '-2+3, "quoted"\nsecond line',
  });
  for (const job of await store.claimDueEmails(10, 60_000)) {
    if (job.enquiry?.id === failedId) await store.markEmailFailed(job.id, '550 no such user', null);
    if (job.enquiry?.id === sentId) await store.markEmailSent(job.id);
  }
  // Subscribers are listed in sign-up order: each signs up a second after the one before.
  const signedUp = (seconds: number) => ({ now: new Date(Date.now() - (10 - seconds) * 1000) });
  await store.subscribe('Reader@Example.com', signedUp(1));
  await store.subscribe('@formula@example.com', signedUp(2));
  await store.holdSubscription('held@example.com', signedUp(3));
  for (const job of await store.claimDueEmails(10, 60_000)) {
    if (job.confirmation?.recipient === 'Reader@Example.com') {
      const links = await store.mintConfirmationLinks(job.confirmation.subscriberId);
      await store.confirmSubscription(links?.confirmToken ?? '');
    }
  }
});

afterAll(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

// Each case starts a fresh Node process with the TypeScript loader, which takes seconds here.
describe('npm run enquiries', () => {
  it('lists enquiries newest first and filters by status', async () => {
    const all = await cli('list');
    expect(all.code).toBe(0);
    const ids = all.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/)[0]);
    expect(ids).toEqual([hostileId, sentId, failedId]);
    expect(all.stdout).toMatch(/failed\s+Packaging Design\s+Bea Bounce <bea@example.com>/);

    const failed = await cli('list', '--status', 'failed');
    expect(failed.stdout.trim().split('\n')).toHaveLength(1);
    expect(failed.stdout).toContain(failedId);

    const limited = await cli('list', '--limit', '1');
    expect(limited.stdout).toContain(hostileId);
    expect(limited.stdout).not.toContain(sentId);
  });

  it('shows one enquiry in full, and says so when the id is unknown', async () => {
    const shown = await cli('show', failedId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('Boxes, please.');
    expect(shown.stdout).toMatch(/Last error:\s+550 no such user/);

    const missing = await cli('show', '00000000-0000-4000-8000-000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No enquiry with id 00000000-0000-4000-8000-000000000000');
  });

  it('exports CSV with formula cells neutralised and proper quoting', async () => {
    const out = path.join(dataDir, 'export.csv');
    const result = await cli('export', '--format', 'csv', '--out', out);
    expect(result.code).toBe(0);
    const csv = await readFile(out, 'utf8');
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFid,created_at,status,name,email,service,message,attempts,last_error,sent_at,client_ip,user_agent,stage,owner,follow_up_on,value,currency,notes,thread,' +
        'source,campaign,call_state,call_start,call_end,call_start_studio_time,call_end_studio_time,call_time_zone,call_name,call_email,call_note,call_booked_at',
    );
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(csv).toContain(`"'-2+3, ""quoted""\nsecond line"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('exports JSON that parses back to every enquiry', async () => {
    const result = await cli('export', '--format', 'json');
    expect(result.code).toBe(0);
    const parsed: unknown = JSON.parse(result.stdout);
    expect(parsed).toHaveLength(3);
    expect(parsed).toContainEqual(
      expect.objectContaining({
        id: failedId,
        delivery: expect.objectContaining({ status: 'failed' }) as unknown,
      }),
    );
  });

  it('re-sends a failed enquiry and refuses others with a reason', async () => {
    const notFailed = await cli('resend', sentId);
    expect(notFailed.code).toBe(1);
    expect(notFailed.stderr).toContain('is sent; only failed emails can be re-sent');

    const unknown = await cli('resend', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No enquiry with id');

    const resent = await cli('resend', failedId);
    expect(resent.code).toBe(0);
    expect(resent.stdout).toContain('queued again');
    expect((await store.getEnquiry(failedId))?.delivery.status).toBe('pending');
    const jobs = await store.claimDueEmails(10, 60_000);
    expect(jobs.map((job) => job.enquiry?.id)).toEqual([failedId]);
  });

  it('exports confirmed subscribers with their proof as CSV, and all of them on request', async () => {
    const csv = await cli('subscribers');
    expect(csv.code).toBe(0);
    const [header, reader, end] = csv.stdout.split('\r\n');
    // The byte-order mark first, so Excel reads the file as UTF-8.
    expect(header).toBe('\uFEFFemail,status,asked_at,confirmed_at,unsubscribed_at,wording');
    expect(reader).toMatch(/^Reader@Example\.com,confirmed,\d{4}-.+Z,\d{4}-.+Z,,$/);
    expect(csv.stdout).not.toMatch(/token|unsubscribe\?/);
    expect(end).toBe('');
    const all = await cli('subscribers', '--all');
    expect(all.stdout.split('\r\n').map((line) => line.split(',')[0])).toEqual([
      '\uFEFFemail',
      'Reader@Example.com',
      "'@formula@example.com",
      'held@example.com',
      '',
    ]);
    expect(all.stdout).toMatch(/\r\nheld@example\.com,held,\d{4}-.+Z,,/);
    expect(csv.stdout).not.toContain('held@example.com');
    const json = await cli('subscribers', '--all', '--format', 'json');
    expect(JSON.parse(json.stdout)).toHaveLength(3);
  });

  it('prints everything held about an address, then forgets it in any case', async () => {
    const person = await cli('person', 'READER@example.com');
    expect(person.code).toBe(0);
    const held = JSON.parse(person.stdout) as { subscriptions: { status: string }[] };
    expect(held.subscriptions.map((row) => row.status)).toEqual(['confirmed']);

    const call = await bookCall('reader@example.com', new Date('2031-03-04T10:00:00.000Z'));
    const booked = JSON.parse((await cli('person', 'reader@example.com')).stdout) as {
      bookings: { id: string; start: string; state: string }[];
    };
    expect(booked.bookings).toEqual([
      expect.objectContaining({
        id: call.id,
        start: '2031-03-04T10:00:00.000Z',
        state: 'confirmed',
      }),
    ]);

    const forget = await cli('forget', 'reader@EXAMPLE.com');
    expect(forget.code).toBe(0);
    expect(forget.stdout).toContain('Removed for reader@example.com:');
    expect(forget.stdout).toMatch(/subscriptions: 1 \(/);
    expect(forget.stdout).toContain(`booked calls:  1 (${call.id})`);
    expect(forget.stdout).toContain('calendar events queued for deletion: 1');
    expect(forget.stdout).toMatch(/answers in other threads: 0/);
    expect(forget.stdout).toMatch(/audit log:\s+0 line\(s\) now name forgotten-[0-9a-f]{16}/);
    const after = JSON.parse((await cli('person', 'Reader@Example.com')).stdout) as unknown;
    expect(after).toEqual({
      email: 'reader@example.com',
      enquiries: [],
      subscriptions: [],
      leads: [],
      otherThreads: [],
      bookings: [],
      letters: [],
      outbox: [],
      audit: [],
    });
    expect((await cli('forget')).code).toBe(2);
  });

  it.each([
    [['list', '--limit', 'zero'], '--limit must be a whole number'],
    [['list', '--status', 'lost'], '--status must be one of pending, sent, failed, spam'],
    [['export'], '"export" needs --format csv or --format json'],
    [['export', '--format', 'xml'], '--format must be csv or json'],
    [['show'], '"show" needs one enquiry id'],
    [['list', '--verbose'], "Unknown option '--verbose'"],
    [['list', '--out', 'x.csv'], '"list" does not take --out'],
    [['delete', 'x'], 'Unknown command "delete"'],
    [[], 'Usage: npm run enquiries'],
  ])('rejects %j with a clear message and exit code 2', async (args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('prints help on request', async () => {
    const result = await cli('help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('export --format csv|json');
  });
});
