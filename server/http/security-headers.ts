export type SecurityOptions = {
  /** `sha256-…` hashes of the inline scripts in the prerendered HTML (dist/meta.json). */
  inlineScriptHashes: readonly string[];
  /** HSTS is only sent when the site is served over https, or browsers would pin a broken origin. */
  isHttps: boolean;
};

export type HeaderRecord = Record<string, string>;

const SCRIPT_HASH = /^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/;

const DENIED_FEATURES = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'interest-cohort',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'usb',
  'xr-spatial-tracking',
];

function contentSecurityPolicy(inlineScriptHashes: readonly string[]): string {
  for (const hash of inlineScriptHashes) {
    if (!SCRIPT_HASH.test(hash))
      throw new Error(`Invalid inline script hash in meta.json: ${hash}`);
  }
  const scriptSources = ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "manifest-src 'self'",
  ].join('; ');
}

/** The headers every response carries, computed once at start-up and spread into each response. */
export function buildSecurityHeaders({
  inlineScriptHashes,
  isHttps,
}: SecurityOptions): HeaderRecord {
  const headers: HeaderRecord = {
    'content-security-policy': contentSecurityPolicy(inlineScriptHashes),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
  };
  if (isHttps) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
