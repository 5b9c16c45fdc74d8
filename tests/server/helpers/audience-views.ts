import type { NewView } from '../../../server/store/audience/audience-repository';

/**
 * A view of `/` on `day` from a desktop, as the counter's batch writes it, at the day's start;
 * `change` says how this one differs.
 */
export function viewOn(day: string, change: Partial<NewView> = {}): NewView {
  return {
    day,
    at: new Date(`${day}T00:00:00.000Z`),
    visitor: null,
    path: '/',
    source: null,
    medium: null,
    campaign: null,
    device: 'desktop',
    revision: null,
    views: 1,
    visits: 1,
    ...change,
  };
}
