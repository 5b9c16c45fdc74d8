import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { JsonResponder } from '../http/api-responses';
import { clientIp } from '../http/client-ip';
import type { RateLimiter } from '../http/rate-limiter';
import type { AppEnv } from '../http/app-env';
import { readJsonBody } from './read-json-body';

export type GuardDeps = { config: Config; respond: JsonResponder; limiter: RateLimiter };
export type Guarded = { ok: true; ip: string; body: unknown } | { ok: false; response: Response };

/**
 * A browser always sends Origin on a cross-origin POST, and Sec-Fetch-Site where supported; a
 * request without either (curl, a server) is not a CSRF vector and passes.
 */
export function isSameSite(request: Request, siteOrigin: string): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const origin = request.headers.get('origin');
  return origin === null || origin === siteOrigin || origin === new URL(request.url).origin;
}

function socketAddress(c: Context<AppEnv>): string {
  return getConnInfo(c).remote.address ?? 'unknown';
}

/** The checks every API POST passes, cheapest first, before its body is parsed. */
export async function guardApiRequest(c: Context<AppEnv>, deps: GuardDeps): Promise<Guarded> {
  const request = c.req.raw;
  const { respond, config } = deps;
  if (!isSameSite(request, config.siteOrigin)) {
    return { ok: false, response: respond(403, { success: false, error: 'cross_site' }) };
  }
  const ip = clientIp(socketAddress(c), request.headers.get('x-forwarded-for'), config.trustProxy);
  const decision = deps.limiter.hit(ip);
  if (!decision.allowed) {
    const response = respond(
      429,
      { success: false, error: 'rate_limited' },
      { 'retry-after': String(decision.retryAfterSeconds) },
    );
    return { ok: false, response };
  }
  const body = await readJsonBody(request, config.bodyLimitBytes);
  if (!body.ok)
    return { ok: false, response: respond(body.status, { success: false, error: body.error }) };
  return { ok: true, ip, body: body.value };
}
