import { readInPages } from '../store/read-in-pages';
import type { InboxRepository, Subscriber, SubscriberPageRequest } from '../store/store';

/** Rows read per query: an export holds one page in memory, however long the list grows. */
const PAGE_SIZE = 500;

/** Every subscriber, a page at a time, for an export. */
export function openSubscriberPages(
  store: Pick<InboxRepository, 'listSubscriberPage'>,
  options: Pick<SubscriberPageRequest, 'order' | 'confirmedOnly'>,
): Promise<AsyncIterable<Subscriber[]>> {
  return readInPages(
    (last) =>
      store.listSubscriberPage({
        ...options,
        after: last === null ? null : { createdAt: last.createdAt, id: last.id },
        limit: PAGE_SIZE,
      }),
    PAGE_SIZE,
  );
}
