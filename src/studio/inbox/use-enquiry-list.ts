import { useState } from 'react';
import { filterParams, listEnquiries } from '../api/studio-api';
import type { Enquiry, EnquiryFilters, StatusCounts } from '../api/types';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { inboxCopy } from '../copy';
import { enquiriesUrl } from '../routing/first-requests';

type MorePages = { key: string; items: Enquiry[]; nextCursor: string | null; counts: StatusCounts };

export type EnquiryList =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; items: Enquiry[]; counts: StatusCounts; hasMore: boolean };

/**
 * The inbox's enquiries for some filters, newest first: the first page on arrival, each
 * next page appended by `loadMore` through the server's cursor.
 */
export function useEnquiryList(filters: EnquiryFilters) {
  const key = filterParams(filters).toString();
  const { data } = useApiData(
    key,
    (signal) => listEnquiries(filters, null, signal),
    enquiriesUrl(filters),
  );
  const [more, setMore] = useState<MorePages | null>(null);
  const { isBusy, outcome, run } = useAction();

  let list: EnquiryList = data.state === 'ready' ? { state: 'loading' } : data;
  let nextCursor: string | null = null;
  if (data.state === 'ready') {
    const extra = more?.key === key ? more : null;
    nextCursor = extra ? extra.nextCursor : data.data.nextCursor;
    list = {
      state: 'ready',
      items: [...data.data.items, ...(extra?.items ?? [])],
      counts: extra?.counts ?? data.data.counts,
      hasMore: nextCursor !== null,
    };
  }

  async function loadMore(): Promise<number | null> {
    if (list.state !== 'ready' || nextCursor === null) return null;
    const shown = list.items.length;
    const cursor = nextCursor;
    const done = await run(async () => {
      const page = await listEnquiries(filters, cursor);
      setMore((previous) => ({
        key,
        items: [...(previous?.key === key ? previous.items : []), ...page.items],
        nextCursor: page.nextCursor,
        counts: page.counts,
      }));
      return inboxCopy.shown(shown + page.items.length, page.nextCursor !== null);
    });
    return done ? shown : null;
  }

  return { list, loadMore, isLoadingMore: isBusy, loadMoreOutcome: outcome };
}
