import { leadIdOfStudioAddress } from './lead-view-address';
/** The studio API's base as the browser app requests it (src/studio/api/request.ts). */
const API = '/api/studio/';

/**
 * What the studio app will ask the API for first on this address, as a `Link` header of
 * preloads: the browser starts those requests with the page's HTML, while the app's script is
 * still on its way, and the app's own requests take the answers (decision 0097). Only the
 * addresses a person arrives at most are hinted beyond who is here and the settings: the
 * inbox as it opens and a lead's page from an emailed link. A hint the app does not use costs
 * one small request; a missing one costs nothing but time.
 */
export function firstRequestsHint(url: URL): string | null {
  if (url.pathname.replace(/\/$/, '') === '/studio/welcome') return null;
  const urls = [`${API}me`, `${API}settings`];
  const params = [...url.searchParams.keys()];
  const isStudio = url.pathname.replace(/\/$/, '') === '/studio';
  if (isStudio && params.length === 0) urls.push(`${API}leads`);
  const id = leadIdOfStudioAddress(url);
  if (id !== null) {
    const lead = `${API}leads/${encodeURIComponent(id)}`;
    urls.push(lead, `${lead}/drafts`);
  }
  // No `crossorigin`: a CORS-mode preload carries an Origin header, which a server behind a
  // proxy (or a bench on 127.0.0.1) may see as another site's; the app asks the same way.
  return urls.map((href) => `<${href}>; rel=preload; as=fetch`).join(', ');
}
