import { useEffect, useState } from 'react';
import { keepList, keptList } from '../api/kept-lists';
import { filterParams, listEnquiries } from '../api/studio-api';
import type { Enquiry, EnquiryFilters, EnquiryPage, StatusCounts } from '../api/types';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';
import { inboxCopy } from '../copy';
import { enquiriesUrl } from '../routing/first-requests';

/** The pages "Show more" added to the first, as one, and the filters they are for. */
type MorePages = { key: string; pages: EnquiryPage };

export type EnquiryList =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; items: Enquiry[]; counts: StatusCounts; hasMore: boolean };

/**
 * The inbox's enquiries for some filters, newest first: the first page on arrival, each
 * next page appended by `loadMore` through the server's cursor. Back from a lead, the list is
 * the one that was shown, drawn at once (api/kept-lists.ts).
 */
export function useEnquiryList(filters: EnquiryFilters) {
  const key = filterParams(filters).toString();
  const url = enquiriesUrl(filters);
  const [kept] = useState(() => keptList(url));
  const { data } = useApiData(
    key,
    (signal) => listEnquiries(filters, null, signal),
    url,
    kept?.first,
  );
  const [more, setMore] = useState<MorePages | null>(() =>
    kept?.more == null ? null : { key, pages: kept.more },
  );
  const { isBusy, outcome, run } = useAction();
  const shownMore = more?.key === key ? more.pages : null;
  useEffect(() => {
    if (data.state === 'ready') keepList(url, { first: data.data, more: shownMore });
  }, [url, data, shownMore]);

  let list: EnquiryList = data.state === 'ready' ? { state: 'loading' } : data;
  let nextCursor: string | null = null;
  if (data.state === 'ready') {
    nextCursor = shownMore ? shownMore.nextCursor : data.data.nextCursor;
    list = {
      state: 'ready',
      items: [...data.data.items, ...(shownMore?.items ?? [])],
      counts: shownMore?.counts ?? data.data.counts,
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
        pages: {
          items: [...(previous?.key === key ? previous.pages.items : []), ...page.items],
          nextCursor: page.nextCursor,
          counts: page.counts,
        },
      }));
      return inboxCopy.shown(shown + page.items.length, page.nextCursor !== null);
    });
    return done ? shown : null;
  }

  return { list, loadMore, isLoadingMore: isBusy, loadMoreOutcome: outcome };
}
