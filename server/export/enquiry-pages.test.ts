import { expect, it } from 'vitest';
import { createStudioFormat } from '../../common/studio-format';
import { describeEachStore, newEnquiry } from '../../tests/server/helpers/store-fixtures';
import { enquiryExportShape } from './enquiry-export-shape';
import { openEnquiryPages } from './enquiry-pages';

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

const ENQUIRY_EXPORT_SHAPE = enquiryExportShape(
  'UTC',
  createStudioFormat({ locale: 'en-US', currency: 'USD', timeZone: 'UTC' }),
);

describeEachStore('the enquiry export, a page at a time', (subject) => {
  it('reads every enquiry once, newest first, across pages, even when some share a moment', async () => {
    // Saved together, several land in one commit with the same created_at: the id breaks ties.
    await Promise.all(Array.from({ length: 7 }, () => subject.store.saveEnquiry(newEnquiry())));
    const pages = await collect(await openEnquiryPages(subject.store, undefined, 3));
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const exported = pages.flat().map((enquiry) => enquiry.id);
    const everyOne = (await subject.store.listEnquiries({ limit: 100 })).map((e) => e.id);
    expect(exported).toEqual(everyOne);
    expect(new Set(exported).size).toBe(7);
  });

  it('keeps to one delivery status, and ends after a full last page', async () => {
    await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        subject.store.saveEnquiry(newEnquiry({ isSpam: index % 2 === 0 })),
      ),
    );
    const pages = await collect(await openEnquiryPages(subject.store, 'spam', 2));
    expect(pages.map((page) => page.length)).toEqual([2, 0]);
    expect(pages.flat().every((enquiry) => enquiry.delivery.status === 'spam')).toBe(true);
  });

  it('carries the lead of each enquiry, its notes and thread, into the export', async () => {
    const saved = await subject.store.saveEnquiry(newEnquiry());
    const id = saved.kind === 'created' ? saved.id : '';
    await subject.store.leads.addNote(id, {
      by: 'ana@emberandink.example',
      text: 'Call Friday',
      now: new Date(),
    });
    await subject.store.leads.changeLead(id, { stage: 'proposal' }, new Date());
    const [exported] = (await collect(await openEnquiryPages(subject.store, undefined)))[0] ?? [];
    expect(exported?.lead).toMatchObject({
      stage: 'proposal',
      notes: [{ text: 'Call Friday' }],
      thread: [],
    });
    const cells = ENQUIRY_EXPORT_SHAPE.cells(exported!);
    const leadColumns = ENQUIRY_EXPORT_SHAPE.columns.indexOf('stage');
    expect(ENQUIRY_EXPORT_SHAPE.columns.slice(leadColumns, leadColumns + 7)).toEqual([
      'stage',
      'owner',
      'follow_up_on',
      'value',
      'currency',
      'notes',
      'thread',
    ]);
    expect(cells.slice(leadColumns, leadColumns + 7)).toEqual([
      'proposal',
      '',
      '',
      '',
      '',
      expect.stringMatching(/ana@emberandink\.example: Call Friday$/),
      '',
    ]);
  });

  it("carries each lead's booked call, in UTC and the studio's zone, its changes in the thread, and its visit's source", async () => {
    const start = new Date('2031-07-04T10:00:00.000Z');
    const end = new Date('2031-07-04T10:30:00.000Z');
    const booked = await subject.store.bookings.book({
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
    await subject.store.bookings.cancel(booked.booking.id, null);
    await subject.store.audience.saveAttribution(booked.booking.enquiryId, {
      source: 'linkedin.com',
      medium: null,
      campaign: 'spring-offer',
      landingPath: '/',
      revision: null,
      visitedAt: new Date('2031-06-30T09:00:00.000Z'),
    });
    const plain = await subject.store.saveEnquiry(newEnquiry());
    const plainId = plain.kind === 'created' ? plain.id : '';

    const exported = (await collect(await openEnquiryPages(subject.store, undefined))).flat();
    const withCall = exported.find((enquiry) => enquiry.id === booked.booking.enquiryId)!;
    const withoutCall = exported.find((enquiry) => enquiry.id === plainId)!;
    const london = enquiryExportShape(
      'Europe/London',
      createStudioFormat({ locale: 'en-GB', currency: 'GBP', timeZone: 'Europe/London' }),
    );
    const row = Object.fromEntries(
      london.columns.map((column, index) => [column, london.cells(withCall)[index]]),
    );
    expect(row).toMatchObject({
      source: 'linkedin.com',
      campaign: 'spring-offer',
      call_state: 'cancelled',
      call_start: '2031-07-04T10:00:00.000Z',
      call_end: '2031-07-04T10:30:00.000Z',
      call_start_studio_time: '2031-07-04T11:00:00+01:00',
      call_end_studio_time: '2031-07-04T11:30:00+01:00',
      call_time_zone: 'Europe/London',
      call_name: 'Ann Lee',
      call_email: 'ann@example.com',
      call_note: 'A new identity for our bakery',
      call_booked_at: booked.booking.createdAt.toISOString(),
    });
    // The thread's column tells the call's changes in the words the lead's thread shows.
    expect(row.thread?.split('\n\n').map((entry) => entry.replace(/^\S+ /, ''))).toEqual([
      'Call booked for 4 Jul 2031, 11:00–11:30\nTheir note: A new identity for our bakery',
      'Call of 4 Jul 2031, 11:00–11:30 cancelled by the visitor',
      'from ann@example.com [received, through the site, address not confirmed]: We need a new identity.\nBudget: modest.',
    ]);
    expect(london.cells(withoutCall).slice(-12)).toEqual(Array.from({ length: 12 }, () => ''));
    expect(london.json(withCall)).toMatchObject({
      id: booked.booking.enquiryId,
      source: 'linkedin.com',
      campaign: 'spring-offer',
      call: {
        state: 'cancelled',
        start: '2031-07-04T10:00:00.000Z',
        startInStudioZone: '2031-07-04T11:00:00+01:00',
        timeZone: 'Europe/London',
        note: 'A new identity for our bakery',
      },
    });
    expect(london.json(withoutCall)).toMatchObject({ source: null, campaign: null, call: null });
  });
});
