import type { Context } from 'hono';
import type { Sender } from '../audience/attribute-visit';
import type { Config } from '../config';
import type { JsonResponder } from '../http/api-responses';
import type { ApiErrorCode } from '../../common/api';
import type { ClientAddressReader } from '../http/client-address';
import type { FormAnswers } from '../http/form-answers';
import type { AppEnv } from '../http/app-env';
import type { Taken } from '../limits/attempt-limiter';
import type { HeaderRecord } from '../security-headers';
import { bodyKindOf, readRequestBody, type BodyKind } from './read-request-body';

export type GuardDeps = {
  config: Config;
  respond: JsonResponder;
  forms: FormAnswers;
  clientAddress: ClientAddressReader;
  /** Counts one post from the client's address against this form's shared budget. */
  limitPosts: (address: string) => Promise<Taken>;
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

/** Who sent the post, as the audience hashes it; Sec-GPC asks that the visit be left alone. */
export function senderOf(c: Context<AppEnv>, ip: string): Sender {
  return {
    address: ip,
    userAgent: c.req.header('user-agent'),
    isPrivate: c.req.header('sec-gpc') === '1',
  };
}

/** The checks every API POST passes, cheapest first, before its body is parsed. */
export async function guardApiRequest(c: Context<AppEnv>, deps: GuardDeps): Promise<Guarded> {
  const request = c.req.raw;
  const { config } = deps;
  const declaredKind = bodyKindOf(request.headers.get('content-type'));
  if (!isSameSite(request, config.siteOrigin)) {
    return { ok: false, response: await refuse(deps, declaredKind, 403, 'cross_site') };
  }
  const ip = deps.clientAddress(c);
  const decision = await deps.limitPosts(ip);
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
