/** The views that show one lead: `view=lead`, and `view=enquiry`, its address in older emails. */
const LEAD_VIEWS = new Set(['lead', 'enquiry']);

/**
 * The lead a studio address shows, `/studio?view=lead&id=…` (or the older `view=enquiry`) with
 * nothing else in its query; null for any other address.
 */
export function leadIdOfStudioAddress(url: URL): string | null {
  if (url.pathname.replace(/\/$/, '') !== '/studio') return null;
  const id = url.searchParams.get('id');
  const view = url.searchParams.get('view');
  const isOnlyViewAndId = [...url.searchParams.keys()].length === 2;
  return isOnlyViewAndId && view !== null && LEAD_VIEWS.has(view) && id !== null && id !== ''
    ? id
    : null;
}
