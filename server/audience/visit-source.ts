/** The longest source, medium, campaign or path kept; longer ones are cut. */
const VALUE_MAX = 100;

/** Lower case, printable, trimmed and cut: `Newsletter ` and `newsletter` are one source. */
export function cleanValue(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const value = [...raw]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim()
    .toLowerCase()
    .slice(0, VALUE_MAX);
  return value === '' ? null : value;
}

/**
 * The referring site's domain, `www.` dropped; null with no referrer, an unreadable one, or
 * one from this site itself (a click from page to page is not an arrival). Only the domain is
 * ever kept: a full referring URL may carry someone's search or account.
 */
export function referrerDomain(referer: string | undefined, ownHost: string): string | null {
  if (referer === undefined || !URL.canParse(referer)) return null;
  const url = new URL(referer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host === '' || host === ownHost.replace(/^www\./, '')) return null;
  return cleanValue(host);
}

export type Arrival = { source: string | null; medium: string | null; campaign: string | null };

/**
 * Where a view came from: the referrer's domain, else `utm_source`, else `ref`; medium and
 * campaign from the address. Only these four parameters are read: anything else in the query
 * (a newsletter token, say) is never looked at.
 */
export function arrivalOf(search: string, referer: string | undefined, ownHost: string): Arrival {
  const params = new URLSearchParams(search);
  return {
    source:
      referrerDomain(referer, ownHost) ??
      cleanValue(params.get('utm_source')) ??
      cleanValue(params.get('ref')),
    medium: cleanValue(params.get('utm_medium')),
    campaign: cleanValue(params.get('utm_campaign')),
  };
}
