import { filterParams } from '../api/studio-api';
import { STUDIO_API } from '../api/request';
import type { StudioRoute } from './studio-route';

/**
 * What a screen asks the API for before it can show anything, as the exact URLs its own
 * requests use (first-requests.test.ts holds the two together): who is here and the studio's
 * settings on every signed-in screen, the first page of leads in the inbox, the lead and the
 * person's drafts on a lead's page.
 */
export function firstRequestsFor(route: StudioRoute): string[] {
  const always = [`${STUDIO_API}me`, `${STUDIO_API}settings`];
  switch (route.page) {
    case 'welcome':
      return [];
    case 'inbox': {
      const params = filterParams(route.filters);
      const query = params.size > 0 ? `?${params.toString()}` : '';
      return [...always, `${STUDIO_API}enquiries${query}`];
    }
    case 'enquiry': {
      const lead = `${STUDIO_API}enquiries/${encodeURIComponent(route.id)}`;
      return [...always, lead, `${lead}/drafts`];
    }
    default:
      return always;
  }
}
