import { useState } from 'react';
import { listSubscribers } from '../api/studio-api';
import type { Subscriber, SubscriberPage } from '../api/types';
import { subscribersCopy } from '../copy';
import { useAction } from '../hooks/use-action';
import { useApiData } from '../hooks/use-api-data';

type Counts = SubscriberPage['counts'];
type MorePages = { items: Subscriber[]; nextCursor: string | null };

export type SubscriberList =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; items: Subscriber[]; total: number; hasMore: boolean };

const totalOf = (counts: Counts): number =>
  Object.values(counts).reduce((sum, count) => sum + count, 0);

/**
 * The subscribers, newest first: the first page on arrival, each next page appended by
 * `loadMore`. The list can be long (anyone can leave a held sign-up), so it is never read
 * whole; the total comes from the server's counts.
 */
export function useSubscriberList() {
  const { data, update } = useApiData('subscribers', (signal) => listSubscribers(null, signal));
  const [more, setMore] = useState<MorePages | null>(null);
  const { isBusy, outcome, run } = useAction();

  let list: SubscriberList = data.state === 'ready' ? { state: 'loading' } : data;
  let nextCursor: string | null = null;
  if (data.state === 'ready') {
    nextCursor = more ? more.nextCursor : data.data.nextCursor;
    list = {
      state: 'ready',
      items: [...data.data.items, ...(more?.items ?? [])],
      total: totalOf(data.data.counts),
      hasMore: nextCursor !== null,
    };
  }

  /** Applies a change to every page shown, and to the counts. */
  function change(items: (shown: Subscriber[]) => Subscriber[], counts: (now: Counts) => Counts) {
    update((page) => ({ ...page, items: items(page.items), counts: counts(page.counts) }));
    setMore((current) => current && { ...current, items: items(current.items) });
  }

  async function loadMore(): Promise<number | null> {
    if (list.state !== 'ready' || nextCursor === null) return null;
    const shown = list.items.length;
    const cursor = nextCursor;
    const done = await run(async () => {
      const page = await listSubscribers(cursor);
      setMore((previous) => ({
        items: [...(previous?.items ?? []), ...page.items],
        nextCursor: page.nextCursor,
      }));
      update((first) => ({ ...first, counts: page.counts }));
      return subscribersCopy.shown(shown + page.items.length, totalOf(page.counts));
    });
    return done ? shown : null;
  }

  return {
    list,
    loadMore,
    isLoadingMore: isBusy,
    loadMoreOutcome: outcome,
    removed: (subscriber: Subscriber) =>
      change(
        (items) => items.filter((item) => item.id !== subscriber.id),
        (counts) => ({ ...counts, [subscriber.status]: counts[subscriber.status] - 1 }),
      ),
    /** A held sign-up was sent its confirmation: it waits for the owner's click now. */
    confirmationSent: (subscriber: Subscriber) =>
      change(
        (items) =>
          items.map((item) =>
            item.id === subscriber.id ? { ...item, status: 'pending' as const } : item,
          ),
        (counts) => ({ ...counts, held: counts.held - 1, pending: counts.pending + 1 }),
      ),
  };
}
