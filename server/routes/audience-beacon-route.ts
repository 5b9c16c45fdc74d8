import type { Context } from 'hono';
import { isbot } from 'isbot';
import { AUDIENCE_BEACON_MAX_BYTES, AudienceBeaconSchema } from '../../common/audience';
import type { AudienceMeter } from '../audience/audience-meter';
import type { VitalsIntake } from '../audience/vitals-intake';
import type { JsonResponder } from '../http/api-responses';
import type { AppEnv } from '../http/app-env';
import type { ClientAddressReader } from '../http/client-address';
import type { HeaderRecord } from '../security-headers';
import { readIncomingBody } from './read-incoming-body';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** sendBeacon sends a string as text/plain; a script may say JSON. */
const BEACON_TYPES = ['text/plain', 'application/json'];

/**
 * POST /api/audience: the page's Web Vitals. Public and cookieless; 204 when taken (a bot's
 * is taken and ignored), 413 past 4 KB, 400 for anything but the exact schema, 429 for a
 * flood from one address. The body is read only up to the limit.
 */
export function createAudienceBeaconHandler(deps: {
  vitals: VitalsIntake;
  clientAddress: ClientAddressReader;
  respond: JsonResponder;
  securityHeaders: HeaderRecord;
  meter: AudienceMeter;
}): (c: Context<AppEnv>) => Promise<Response> {
  const { respond, meter } = deps;
  const noContent: HeaderRecord = { ...deps.securityHeaders, 'cache-control': 'no-store' };
  const refuse = (status: 400 | 413 | 415, error: 'bad_json' | 'too_large' | 'not_json') => {
    meter.dropped('refused', 1);
    return respond(status, { success: false, error });
  };
  return async (c) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!BEACON_TYPES.includes(type)) return refuse(415, 'not_json');
    if (Number(c.req.header('content-length') ?? 0) > AUDIENCE_BEACON_MAX_BYTES) {
      return refuse(413, 'too_large');
    }
    const bytes = await readIncomingBody(c.env.incoming, AUDIENCE_BEACON_MAX_BYTES);
    if (bytes === null) return refuse(413, 'too_large');
    let body: unknown;
    try {
      body = JSON.parse(utf8.decode(bytes));
    } catch {
      return refuse(400, 'bad_json');
    }
    const beacon = AudienceBeaconSchema.safeParse(body);
    if (!beacon.success) return refuse(400, 'bad_json');
    const userAgent = c.req.header('user-agent');
    if (userAgent === undefined || isbot(userAgent))
      return new Response(null, { status: 204, headers: noContent });
    if (!deps.vitals.take(beacon.data, userAgent, deps.clientAddress(c))) {
      return respond(429, { success: false, error: 'rate_limited' }, { 'retry-after': '60' });
    }
    return new Response(null, { status: 204, headers: noContent });
  };
}
