export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** SITE_URL as an origin without a trailing slash; anything else is a configuration error. */
export function parseSiteUrl(value: string | undefined): string {
  const raw = value?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(
      `SITE_URL must be an absolute http(s) URL such as https://emberandink.example; got "${raw}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`SITE_URL must start with http:// or https://; got "${raw}".`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`SITE_URL must be an origin without a path, query or fragment; got "${raw}".`);
  }
  return url.origin;
}
