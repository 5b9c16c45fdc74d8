import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiErrorCode } from '../../common/api';
import { AUDIENCE_BEACON_MAX_BYTES, AudienceBeaconSchema } from '../../common/audience';
import { AUDIENCE_ENDPOINT } from '../../common/endpoints';
import type { AudienceMeter } from '../audience/audience-meter';
import type { VitalsIntake } from '../audience/vitals-intake';
import { clientIp, type ProxySettings } from '../http/client-ip';
import type { HeaderRecord } from '../security-headers';
import { readIncomingBody } from './read-incoming-body';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** sendBeacon sends a string as text/plain; a script may say JSON. */
const BEACON_TYPES = ['text/plain', 'application/json'];

/** Answers a beacon and resolves once answered, or returns null for any other request. */
export type BeaconListener = (
  request: IncomingMessage,
  response: ServerResponse,
) => Promise<void> | null;

type Answer = { status: 204 | 400 | 413 | 415 | 429; error?: ApiErrorCode };

/**
 * POST /api/audience, the page's Web Vitals: public and cookieless; 204 when taken (a bot's is
 * taken and ignored), 413 past 4 KB, 415 for another type, 400 for anything but the exact
 * schema, 429 for a flood from one address (an IPv6 /64). Answered straight from node:http like
 * the files of the build, since every visit sends one: through the app, a beacon cost five
 * times a page (decision 0048). Other methods on the path are the app's (405).
 */
export function createBeaconListener(deps: {
  vitals: VitalsIntake;
  proxies: ProxySettings;
  securityHeaders: HeaderRecord;
  meter: AudienceMeter;
  countRateLimited: (endpoint: string) => void;
}): BeaconListener {
  const { meter } = deps;
  const noContent: HeaderRecord = { ...deps.securityHeaders, 'cache-control': 'no-store' };
  const json: HeaderRecord = { ...noContent, 'content-type': 'application/json; charset=utf-8' };
  const rateLimited: HeaderRecord = { ...json, 'retry-after': '60' };

  const refuse = (status: Answer['status'], error: ApiErrorCode): Answer => {
    meter.dropped('refused', 1);
    return { status, error };
  };

  const take = async (request: IncomingMessage): Promise<Answer> => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (type === undefined || !BEACON_TYPES.includes(type)) return refuse(415, 'not_json');
    if (Number(request.headers['content-length'] ?? 0) > AUDIENCE_BEACON_MAX_BYTES) {
      return refuse(413, 'too_large');
    }
    const bytes = await readIncomingBody(request, AUDIENCE_BEACON_MAX_BYTES);
    if (bytes === null) return refuse(413, 'too_large');
    let body: unknown;
    try {
      body = JSON.parse(utf8.decode(bytes));
    } catch {
      return refuse(400, 'bad_json');
    }
    const beacon = AudienceBeaconSchema.safeParse(body);
    if (!beacon.success) return refuse(400, 'bad_json');
    const forwardedFor = request.headers['x-forwarded-for'];
    const address = clientIp(
      request.socket.remoteAddress ?? 'unknown',
      typeof forwardedFor === 'string' ? forwardedFor : null,
      deps.proxies,
    );
    if (!deps.vitals.take(beacon.data, request.headers['user-agent'], address)) {
      deps.countRateLimited(AUDIENCE_ENDPOINT);
      return { status: 429, error: 'rate_limited' };
    }
    return { status: 204 };
  };

  const answer = (response: ServerResponse, { status, error }: Answer): void => {
    if (error === undefined) {
      response.writeHead(status, noContent).end();
      return;
    }
    response
      .writeHead(status, status === 429 ? rateLimited : json)
      .end(JSON.stringify({ success: false, error }));
  };

  return (request, response) => {
    if (request.method !== 'POST') return null;
    const target = request.url ?? '';
    const query = target.indexOf('?');
    if ((query === -1 ? target : target.slice(0, query)) !== AUDIENCE_ENDPOINT) return null;
    return take(request).then(
      (result) => answer(response, result),
      // The client went away mid-body: there is no one left to answer.
      () => {
        response.destroy();
      },
    );
  };
}
