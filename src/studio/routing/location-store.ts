import { createContext, startTransition, use, useEffect, useState } from 'react';

/**
 * The address bar as a store: screens follow pathname + search, links push history entries,
 * and the back button works. No router library: two paths and a query string need none.
 *
 * The inbox's search words are the exception: they live in the history entry's state, never
 * in the address, so they reach neither the browser's history list nor any server's access
 * log, yet a reload or the back button still finds them (docs/decisions/0033).
 */
const listeners = new Set<() => void>();

/** A question asked before a screen with unsaved edits is left; null when there are none. */
let leaveQuestion: string | null = null;

/** The history entry the studio shows, to go back to when leaving it is declined. */
type Entry = { href: string; state: unknown };
let shown: Entry | null = null;

const currentEntry = (): Entry => ({
  href: `${window.location.pathname}${window.location.search}${window.location.hash}`,
  state: window.history.state,
});

/** A jump within the screen (`#site-history`) leaves nothing: only the rest is compared. */
const withoutHash = (href: string) => href.split('#')[0];

const notifyAll = () => listeners.forEach((notify) => notify());

/**
 * Back, forward and a phone's back swipe change the entry before the studio hears of it. With
 * unsaved edits the person is asked; if they stay, the screen's address is put back as a new
 * entry and nothing on screen changes.
 */
function onPopState(): void {
  const isSameScreen =
    shown !== null && withoutHash(shown.href) === withoutHash(currentEntry().href);
  if (leaveQuestion !== null && shown !== null && !isSameScreen && !window.confirm(leaveQuestion)) {
    window.history.pushState(shown.state, '', shown.href);
    return;
  }
  leaveQuestion = null;
  shown = currentEntry();
  notifyAll();
}

function subscribe(notify: () => void): () => void {
  if (listeners.size === 0) {
    shown = currentEntry();
    window.addEventListener('popstate', onPopState);
  }
  listeners.add(notify);
  return () => {
    listeners.delete(notify);
    if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
  };
}

/** The search words kept in a history entry's state; anything else there is ignored. */
export function readSearchWords(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('q' in state)) return null;
  return typeof state.q === 'string' ? state.q : null;
}

// One string, so React compares locations by value: the address, then the state's words.
const readLocation = () =>
  JSON.stringify([
    `${window.location.pathname}${window.location.search}`,
    readSearchWords(window.history.state),
  ]);

export type StudioLocation = { pathname: string; search: string; q: string | null };

/**
 * The address the server draws a first screen for (decision 0100), in readLocation's form;
 * in the browser there is none, and hydration reads the address bar, which is that address.
 */
export const ServerLocationContext = createContext<string | null>(null);

/** How the server writes the address a first screen is drawn for. */
export function serverLocationOf(pathAndSearch: string): string {
  return JSON.stringify([pathAndSearch, null]);
}

/**
 * The current pathname and search, e.g. `/studio?status=new`, and the search words. A new
 * screen is drawn as a transition: the tap that asked for it paints at once, and the screen
 * follows without holding the page (a store read with useSyncExternalStore would be drawn in
 * the tap's own task).
 */
export function useStudioLocation(): StudioLocation {
  const serverLocation = use(ServerLocationContext);
  const [location, setLocation] = useState(() => serverLocation ?? readLocation());
  useEffect(() => {
    const follow = () => startTransition(() => setLocation(readLocation()));
    const stopFollowing = subscribe(follow);
    // An address changed between the first render and now is followed too.
    follow();
    return stopFollowing;
  }, []);
  const [href, q] = JSON.parse(location) as [string, string | null];
  const url = new URL(href, 'http://studio.invalid');
  return { pathname: url.pathname, search: url.search, q };
}

export function setLeaveQuestion(question: string | null): void {
  leaveQuestion = question;
}

/**
 * Opens `href`; `q` rides in the new history entry's state, never in the address. A screen
 * with unsaved edits is left only if the person says so.
 */
export function navigate(href: string, { replace = false, q = null as string | null } = {}): void {
  if (leaveQuestion !== null && !window.confirm(leaveQuestion)) return;
  leaveQuestion = null;
  const state = q === null ? null : { q };
  if (replace) window.history.replaceState(state, '', href);
  else window.history.pushState(state, '', href);
  shown = currentEntry();
  notifyAll();
}

/**
 * An address written before the search left it (a bookmark of `/studio?q=…`): its words move
 * into the page's state and out of the address, before the first render.
 */
export function moveSearchWordsOutOfAddress(): void {
  const url = new URL(window.location.href);
  const q = url.searchParams.get('q');
  if (q === null) return;
  url.searchParams.delete('q');
  window.history.replaceState({ q }, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Where the inbox was, with its search words, so "back" from an enquiry returns to it. */
export type InboxPlace = { href: string; q: string | null };

let inboxPlace: InboxPlace = { href: '/studio', q: null };

export function rememberInboxPlace(place: InboxPlace): void {
  inboxPlace = place;
}

export function lastInboxPlace(): InboxPlace {
  return inboxPlace;
}
