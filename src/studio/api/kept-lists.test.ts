import { describe, expect, it } from 'vitest';
import { asLead, FIRST_PAGE, json, mockStudioApi } from '../testing/mock-studio-api';
import { changeLead, saveDraft } from './lead-api';
import { keepList, keptList, noteLeadOpened, type KeptList } from './kept-lists';
import { setEnquiryStatus } from './studio-api';

const URL = '/api/studio/leads';
const SHOWN: KeptList = { first: FIRST_PAGE, more: null };
const AT = Date.parse('2026-11-28T09:00:00Z');

describe('the inbox lists kept for the way back', () => {
  it('gives a list back for a minute after it was shown, then asks for it again', () => {
    keepList(URL, SHOWN, AT);
    expect(keptList(URL, AT + 60_000)).toEqual(SHOWN);
    expect(keptList(URL, AT + 60_001)).toBeUndefined();
    expect(keptList(`${URL}?status=new`, AT)).toBeUndefined();
  });

  it('follows a lead’s saved fields, keeps through a draft’s save, and is forgotten by any other write', async () => {
    const items = FIRST_PAGE.items.map((item) => asLead(item, { stage: 'contacted' }));
    const first = { ...FIRST_PAGE, items };
    mockStudioApi({
      'PUT leads/e-3/drafts/reply': ({ body }) => json(200, body),
      'PATCH leads/e-3': ({ body }) => json(200, { ...items[0]?.lead, ...(body as object) }),
    });
    keepList(URL, { first, more: null });

    await saveDraft('e-3', 'reply', 'Half a reply.');
    expect(keptList(URL)?.first).toEqual(first);
    await changeLead('e-3', { stage: 'proposal' });
    const shown = keptList(URL)?.first.items ?? [];
    expect(shown.map((item) => item.lead?.stage)).toEqual(['proposal', 'contacted', 'contacted']);
    await setEnquiryStatus('e-3', 'archived');
    expect(keptList(URL)).toBeUndefined();
  });

  it('counts an opened lead as read, once, on the page it is on and in the whole list’s counts', () => {
    const more = {
      ...FIRST_PAGE,
      items: FIRST_PAGE.items.map((item) => ({ ...item, id: `${item.id}-b` })),
    };
    keepList(URL, { first: FIRST_PAGE, more }, AT);
    noteLeadOpened('e-3', 'read');
    noteLeadOpened('e-3', 'read');
    const list = keptList(URL, AT);
    expect(list?.first.items.find((item) => item.id === 'e-3')?.status).toBe('read');
    // The counts are the whole list's, which each page carries.
    expect(list?.first.counts).toEqual({ ...FIRST_PAGE.counts, new: 0, read: 3 });
    expect(list?.more?.counts).toEqual({ ...FIRST_PAGE.counts, new: 0, read: 3 });
    // A lead on no kept page changes nothing.
    noteLeadOpened('e-9', 'read');
    expect(keptList(URL, AT)?.first.counts.read).toBe(3);
  });
});
