import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Config } from '../config';
import type { JsonResponder } from '../http/api-responses';
import type { ApiErrorCode } from '../../common/api';
import { clientIp } from '../http/client-ip';
import type { FormAnswers } from '../http/form-answers';
import type { RateLimiter } from '../http/rate-limiter';
import type { AppEnv } from '../http/app-env';
import type { HeaderRecord } from '../security-headers';
import { bodyKindOf, readRequestBody, type BodyKind } from './read-request-body';

export type GuardDeps = {
  config: Config;
  respond: JsonResponder;
  forms: FormAnswers;
  limiter: RateLimiter;
};
export type Guarded =
  { ok: true; ip: string; kind: BodyKind; body: unknown } | { ok: false; response: Response };

/**
 * A refusal in the form the sender can read: a page for a plain form post (the visitor's
 * browser shows it), JSON for everyone else.
 */
export async function refuse(
  deps: Pick<GuardDeps, 'respond' | 'forms'>,
  kind: BodyKind | null,
  status: number,
  error: ApiErrorCode,
  extraHeaders?: HeaderRecord,
): Promise<Response> {
  return kind === 'form'
    ? deps.forms.page(status, { kind: 'problem', status, error }, extraHeaders)
    : deps.respond(status, { success: false, error }, extraHeaders);
}

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
  const { config } = deps;
  const declaredKind = bodyKindOf(request.headers.get('content-type'));
  if (!isSameSite(request, config.siteOrigin)) {
    return { ok: false, response: await refuse(deps, declaredKind, 403, 'cross_site') };
  }
  const ip = clientIp(socketAddress(c), request.headers.get('x-forwarded-for'), config.trustProxy);
  const decision = deps.limiter.hit(ip);
  if (!decision.allowed) {
    const response = await refuse(deps, declaredKind, 429, 'rate_limited', {
      'retry-after': String(decision.retryAfterSeconds),
    });
    return { ok: false, response };
  }
  const body = await readRequestBody(request, config.bodyLimitBytes);
  if (!body.ok) {
    return { ok: false, response: await refuse(deps, declaredKind, body.status, body.error) };
  }
  return { ok: true, ip, kind: body.kind, body: body.value };
}
