/**
 * The inbox's lists as last shown, kept for the way back from a lead: going back draws the
 * list at once from what was on screen instead of asking for it again. What is kept is the
 * person's own view a moment ago, so it is kept briefly. A write the lists can follow changes
 * them as a list asked for again would show it (a lead opened, its fields saved); a draft's save
 * changes nothing a list shows; any other write (a folder, a reply, a note) forgets them
 * (api/request.ts). A lead changed in a filtered list stays in it until the list is next asked
 * for, as a mail client keeps an opened message in its unread view.
 */
import type { Enquiry, EnquiryPage, EnquiryStatus, LeadFields } from './types';

const KEPT_FOR_MS = 60_000;

/** A list as shown: its first page and the pages "Show more" added, as one. */
export type KeptList = { first: EnquiryPage; more: EnquiryPage | null };

type Kept = { at: number; list: KeptList };

const kept = new Map<string, Kept>();

/** Keeps what the list at `url` shows now. */
export function keepList(url: string, list: KeptList, now = Date.now()): void {
  kept.set(url, { at: now, list });
}

/** What the list at `url` showed, when it was shown less than a minute ago and nothing changed since. */
export function keptList(url: string, now = Date.now()): KeptList | undefined {
  const found = kept.get(url);
  if (found === undefined || now - found.at > KEPT_FOR_MS) return undefined;
  return found.list;
}

/** The page with the lead filed as `status`, and the list's counts moved from `was`. */
function refiled(
  page: EnquiryPage,
  id: string,
  was: EnquiryStatus,
  status: EnquiryStatus,
): EnquiryPage {
  return {
    ...page,
    items: page.items.map((item) => (item.id === id ? { ...item, status } : item)),
    counts: { ...page.counts, [was]: page.counts[was] - 1, [status]: page.counts[status] + 1 },
  };
}

/** Each kept list as `change` makes it, kept for as long as before; null leaves it as it is. */
function changeKept(change: (list: KeptList) => KeptList | null): void {
  for (const [url, { at, list }] of kept) {
    const changed = change(list);
    if (changed !== null) kept.set(url, { at, list: changed });
  }
}

/** The list with `change` made to its first page and to the pages "Show more" added. */
function eachPage(list: KeptList, change: (page: EnquiryPage) => EnquiryPage): KeptList {
  return { first: change(list.first), more: list.more === null ? null : change(list.more) };
}

/**
 * A lead was opened, and the server filed it as `status` (a new one is read once opened): the
 * kept lists show it so, and count it so, as a list asked for again would.
 */
export function noteLeadOpened(id: string, status: EnquiryStatus): void {
  changeKept((list) => {
    const items = [...list.first.items, ...(list.more?.items ?? [])];
    const was = items.find((item) => item.id === id)?.status;
    if (was === undefined || was === status) return null;
    return eachPage(list, (page) => refiled(page, id, was, status));
  });
}

/** Nothing is kept: the next list is asked for. */
export function forgetKeptLists(): void {
  kept.clear();
}

function withLeadFields(page: EnquiryPage, id: string, fields: LeadFields): EnquiryPage {
  const changed = (item: Enquiry): Enquiry =>
    item.id === id && item.lead !== undefined
      ? { ...item, lead: { ...item.lead, ...fields } }
      : item;
  return { ...page, items: page.items.map(changed) };
}

/** A lead's stage, owner, follow-up and value were saved: the kept lists show them. */
export function noteLeadFieldsSaved(id: string, fields: LeadFields): void {
  changeKept((list) => eachPage(list, (page) => withLeadFields(page, id, fields)));
}
