import type { HeaderRecord } from '../security-headers';
import { answerFor } from '../static/serve-static';
import type { Site } from '../static/site';
import { firstRequestsHint } from './first-requests-hint';
import { isWellFormedToken } from './secret-token';
import { readSessionToken } from './session-cookie';
import { allowingScripts, type AskStudioApi, type DrawFirstScreen } from './studio-first-screen';
import { STUDIO_HEADERS } from './studio-responses';

/** The built studio app; Vite writes it beside the landing page. */
export const STUDIO_HTML_PATH = '/studio.html';
/** The pages that answer with the studio app. */
export const STUDIO_PAGE_PATHS = [
  '/studio',
  '/studio/welcome',
  '/studio/site',
  '/studio/audience',
  '/studio/bookings',
] as const;

const NOT_BUILT = 'The studio app is not built. Run `npm run build` first.\n';

/**
 * The studio pages may run WebAuthn; the landing page's policy denies it, which would stop a
 * passkey sign-in.
 */
function allowPasskeys(securityHeaders: HeaderRecord): string {
  const policy = securityHeaders['permissions-policy'] ?? '';
  const kept = policy
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('publickey-credentials-'));
  return [...kept, 'publickey-credentials-get=(self)', 'publickey-credentials-create=(self)'].join(
    ', ',
  );
}

/**
 * Answers GET /studio, /studio/welcome, /studio/site, /studio/audience and /studio/bookings with the studio app's HTML: never cached, never
 * indexed, under the site's CSP, with a hint of the API requests its first screen makes. A
 * signed-in person's inbox or lead's page comes drawn, for the app to hydrate (decision 0100).
 * Until the app is built it answers 503 and says so.
 */
export function createStudioPageHandler(
  site: Site,
  drawFirstScreen: DrawFirstScreen,
): (request: Request, askApi: AskStudioApi) => Promise<Response> {
  const permissions = allowPasskeys(site.securityHeaders);
  return async (request, askApi) => {
    const requestHeaders = request.headers;
    const file = site.files.get(STUDIO_HTML_PATH);
    if (file === undefined) {
      return new Response(NOT_BUILT, {
        status: 503,
        headers: {
          ...site.securityHeaders,
          ...STUDIO_HEADERS,
          'content-type': 'text/plain; charset=utf-8',
        },
      });
    }
    // Signed out, the app asks only who is here and shows the sign-in: a hinted request would
    // be one more 401 in the console, and nothing the page shows. A cookie that cannot be a
    // session's is not one: the page is answered without a lookup.
    const cookies = requestHeaders.get('cookie');
    const mayBeSignedIn = [true, false].some((isHttps) => {
      const token = readSessionToken(cookies, isHttps);
      return token !== null && isWellFormedToken(token);
    });
    const url = new URL(request.url);
    const drawn = mayBeSignedIn
      ? await drawFirstScreen(url, textOf(file.identity.body), askApi)
      : null;
    if (drawn !== null) {
      const headers: HeaderRecord = {
        ...file.identity.headers,
        ...STUDIO_HEADERS,
        'permissions-policy': permissions,
        'content-security-policy': allowingScripts(file.identity.headers, drawn.scriptHashes),
        // The page holds one person's leads: for no one else, and no cache may keep it.
        'cache-control': 'private, no-store',
        vary: 'Cookie',
      };
      delete headers.etag;
      delete headers['content-length'];
      return new Response(drawn.html, { status: 200, headers });
    }
    const { variant } = answerFor(file, requestHeaders.get('accept-encoding'), null);
    const headers: HeaderRecord = {
      ...variant.headers,
      ...STUDIO_HEADERS,
      'permissions-policy': permissions,
    };
    delete headers.etag;
    const hint = mayBeSignedIn ? firstRequestsHint(url) : null;
    if (hint !== null) headers.link = hint;
    return new Response(variant.body, { status: 200, headers });
  };
}

const decoder = new TextDecoder();
const textOf = (body: Uint8Array) => decoder.decode(body);
