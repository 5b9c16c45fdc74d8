import { filterParams } from '../api/studio-api';
import { STUDIO_API } from '../api/request';
import type { EnquiryFilters } from '../api/types';
import type { StudioRoute } from './studio-route';

/** Who is here: asked on every signed-in screen. */
export const ME_URL = `${STUDIO_API}me`;
/** The studio's settings (its locale and currency): asked on every signed-in screen. */
export const SETTINGS_URL = `${STUDIO_API}settings`;

/** The studio's mailbox, which the inbox and a lead's page speak of. */
export const MAILBOX_URL = `${STUDIO_API}mailbox`;
/** The staff, whose names the inbox's cards and a lead's owner field show. */
export const STAFF_URL = `${STUDIO_API}staff`;

/** The inbox's first page of leads for these filters. */
export function enquiriesUrl(filters: EnquiryFilters): string {
  const params = filterParams(filters);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return `${STUDIO_API}leads${query}`;
}

/** One lead. */
export function leadUrl(id: string): string {
  return `${STUDIO_API}leads/${encodeURIComponent(id)}`;
}

/** The person's drafts on one lead. */
export function leadDraftsUrl(id: string): string {
  return `${leadUrl(id)}/drafts`;
}

/**
 * What a screen asks the API for before it can show anything, as the exact URLs its own
 * requests use (first-requests.test.ts holds the two together): who is here and the studio's
 * settings on every signed-in screen, the first page of leads in the inbox, the lead and the
 * person's drafts on a lead's page.
 */
export function firstRequestsFor(route: StudioRoute): string[] {
  const always = [ME_URL, SETTINGS_URL];
  switch (route.page) {
    case 'welcome':
      return [];
    case 'inbox':
      return [...always, enquiriesUrl(route.filters)];
    case 'lead':
      return [...always, leadUrl(route.id), leadDraftsUrl(route.id)];
    default:
      return always;
  }
}
