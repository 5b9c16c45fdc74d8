import { CONTACT_SERVICES } from '../../../common/form-constants';
import { LEAD_STAGES } from '../../../common/leads';
import { filterParams } from '../api/studio-api';
import type { EnquiryFilters } from '../api/types';
import { ENQUIRY_STATUSES } from '../api/types';

/**
 * The server serves the studio at these paths; within `/studio`, the screen is in the query
 * string. The site editor has a path of its own (DESIGN.md).
 */
export const STUDIO_PATH = '/studio';
export const WELCOME_PATH = '/studio/welcome';
export const SITE_PATH = '/studio/site';
export const AUDIENCE_PATH = '/studio/audience';
export const BOOKINGS_PATH = '/studio/bookings';

export type StudioRoute =
  | { page: 'welcome' }
  | { page: 'inbox'; filters: EnquiryFilters }
  | { page: 'lead'; id: string }
  | { page: 'person'; id: string }
  | { page: 'waiting' }
  | { page: 'board' }
  | { page: 'subscribers' }
  | { page: 'letters' }
  | { page: 'letter'; id: string }
  | { page: 'site' }
  | { page: 'audience' }
  | { page: 'bookings' }
  | { page: 'account' }
  | { page: 'settings' }
  | { page: 'team' };

const Q_MAX_LENGTH = 200;
/**
 * An owner is a staff member's email address, or `me`; anything else in the address bar is
 * ignored.
 */
const OWNER_MAX_LENGTH = 254;

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  list.some((item) => item === value);

/**
 * The inbox's filters: folder and service from the address bar, the search words from the
 * page's state (never the address). Anything unknown is ignored, not an error.
 */
function parseFilters(params: URLSearchParams, words: string | null): EnquiryFilters {
  const filters: EnquiryFilters = {};
  const status = params.get('status');
  const service = params.get('service');
  const stage = params.get('stage');
  const owner = params.get('owner');
  const q = words?.trim().slice(0, Q_MAX_LENGTH);
  if (isOneOf(ENQUIRY_STATUSES, status)) filters.status = status;
  if (isOneOf(CONTACT_SERVICES, service)) filters.service = service;
  if (isOneOf(LEAD_STAGES, stage)) filters.stage = stage;
  if (owner === 'me' || (owner?.includes('@') && owner.length <= OWNER_MAX_LENGTH)) {
    filters.owner = owner;
  }
  if (params.get('view') === 'due') filters.view = 'due';
  if (q) filters.q = q;
  return filters;
}

export function parseRoute(pathname: string, search: string, q: string | null = null): StudioRoute {
  const path = pathname.replace(/\/$/, '');
  if (path === WELCOME_PATH) return { page: 'welcome' };
  if (path === SITE_PATH) return { page: 'site' };
  if (path === AUDIENCE_PATH) return { page: 'audience' };
  if (path === BOOKINGS_PATH) return { page: 'bookings' };
  const params = new URLSearchParams(search);
  const view = params.get('view');
  const id = params.get('id');
  // `view=enquiry` is a lead's older address, in every email sent before `view=lead`.
  if ((view === 'lead' || view === 'enquiry') && id) return { page: 'lead', id };
  if (view === 'person' && id) return { page: 'person', id };
  if (view === 'letter' && id) return { page: 'letter', id };
  if (
    view === 'subscribers' ||
    view === 'letters' ||
    view === 'account' ||
    view === 'settings' ||
    view === 'team' ||
    view === 'waiting' ||
    view === 'board'
  ) {
    return { page: view };
  }
  return { page: 'inbox', filters: parseFilters(params, q) };
}

/** The address of a screen; an inbox's search words are left out (see `searchWordsOf`). */
export function hrefFor(route: StudioRoute): string {
  switch (route.page) {
    case 'welcome':
      return WELCOME_PATH;
    case 'site':
      return SITE_PATH;
    case 'audience':
      return AUDIENCE_PATH;
    case 'bookings':
      return BOOKINGS_PATH;
    case 'lead':
    case 'person':
    case 'letter':
      return `${STUDIO_PATH}?${new URLSearchParams({ view: route.page, id: route.id }).toString()}`;
    case 'subscribers':
    case 'letters':
    case 'account':
    case 'settings':
    case 'team':
    case 'waiting':
    case 'board':
      return `${STUDIO_PATH}?view=${route.page}`;
    case 'inbox': {
      const params = filterParams({ ...route.filters, q: undefined });
      return params.size > 0 ? `${STUDIO_PATH}?${params.toString()}` : STUDIO_PATH;
    }
  }
}

/** The search words a screen keeps in its history entry's state; null for none. */
export function searchWordsOf(route: StudioRoute): string | null {
  return route.page === 'inbox' ? (route.filters.q ?? null) : null;
}
