import { useSyncExternalStore } from 'react';

/**
 * The address bar as a store: screens follow pathname + search, links push history entries,
 * and the back button works. No router library: two paths and a query string need none.
 */
const listeners = new Set<() => void>();

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('popstate', notify);
  };
}

const readLocation = () => `${window.location.pathname}${window.location.search}`;

/** The current pathname and search, e.g. `/studio?status=new`. */
export function useStudioLocation(): { pathname: string; search: string } {
  const href = useSyncExternalStore(subscribe, readLocation);
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, search: url.search };
}

export function navigate(href: string, { replace = false } = {}): void {
  if (replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  listeners.forEach((notify) => notify());
}

let inboxHref = '/studio';

/** The inbox remembers its filters, so "back" from an enquiry returns to the same view. */
export function rememberInboxHref(href: string): void {
  inboxHref = href;
}

export function lastInboxHref(): string {
  return inboxHref;
}
