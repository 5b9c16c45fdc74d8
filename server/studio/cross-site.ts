/**
 * True for a request a browser made from another site. Browsers send Sec-Fetch-Site on every
 * request and Origin on every non-GET one; a request with neither (curl, a script) carries no
 * ambient cookie of a visitor's, so it is not forged and passes to the session check.
 */
export function isCrossSite(headers: Headers, siteOrigin: string): boolean {
  const fetchSite = headers.get('sec-fetch-site');
  if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = headers.get('origin');
  return origin !== null && origin !== siteOrigin;
}
