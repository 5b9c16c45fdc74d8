import type { InboxRepository, Subscriber, SubscriberPageRequest } from '../store/store';

/** Rows read per query: an export holds one page in memory, however long the list grows. */
const PAGE_SIZE = 500;

/**
 * Every subscriber, a page at a time, for an export. The first page is read before this
 * resolves, so a store that cannot answer fails the export before any of it is written.
 */
export async function openSubscriberPages(
  store: Pick<InboxRepository, 'listSubscriberPage'>,
  options: Pick<SubscriberPageRequest, 'order' | 'confirmedOnly'>,
): Promise<AsyncIterable<Subscriber[]>> {
  const read = (after: SubscriberPageRequest['after']) =>
    store.listSubscriberPage({ ...options, after, limit: PAGE_SIZE });
  const first = await read(null);
  return (async function* pages() {
    let page = first;
    yield page;
    while (page.length === PAGE_SIZE) {
      const last = page[page.length - 1];
      if (last === undefined) return;
      page = await read({ createdAt: last.createdAt, id: last.id });
      yield page;
    }
  })();
}
