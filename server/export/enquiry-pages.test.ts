import { expect, it } from 'vitest';
import { describeEachStore, newEnquiry } from '../../tests/server/helpers/store-fixtures';
import { ENQUIRY_EXPORT_SHAPE } from './enquiry-export-shape';
import { openEnquiryPages } from './enquiry-pages';

async function collect<T>(pages: AsyncIterable<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

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
    expect(ENQUIRY_EXPORT_SHAPE.columns.slice(-7)).toEqual([
      'stage',
      'owner',
      'follow_up_on',
      'value',
      'currency',
      'notes',
      'thread',
    ]);
    expect(cells.slice(-7)).toEqual([
      'proposal',
      '',
      '',
      '',
      '',
      expect.stringMatching(/ana@emberandink\.example: Call Friday$/),
      '',
    ]);
  });
});
