import { readInPages } from '../export/read-in-pages';
import type { InboxRepository } from '../store/inbox/inbox-types';
import type { Subscriber, SubscriberPageRequest } from '../store/subscribers/subscriber-types';

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
