/** What marks a visit that came from a letter: Audience credits it to the letter by its slug. */
export const LETTER_CAMPAIGN = { source: 'newsletter', medium: 'email' } as const;

/**
 * A link from a letter's email, marked with the letter's campaign when it leads to the site
 * (its own query and fragment kept); a link elsewhere is left as written.
 */
export function withCampaign(href: string, siteOrigin: string, slug: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.origin !== siteOrigin) return href;
  url.searchParams.set('utm_source', LETTER_CAMPAIGN.source);
  url.searchParams.set('utm_medium', LETTER_CAMPAIGN.medium);
  url.searchParams.set('utm_campaign', slug);
  return url.href;
}
