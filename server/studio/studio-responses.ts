import type { HeaderRecord } from '../security-headers';

/** Stable error codes the studio app switches on (docs/studio-api.md). */
export type StudioErrorCode =
  | 'unauthenticated'
  | 'forbidden'
  | 'last_owner'
  | 'staff_exists'
  | 'cross_site'
  | 'rate_limited'
  | 'invalid_request'
  | 'invalid_json'
  | 'unsupported_media_type'
  | 'too_large'
  | 'not_found'
  | 'already_cancelled'
  | 'call_over'
  | 'not_resendable'
  | 'unknown_owner'
  | 'draft_too_long'
  | 'invalid_currency'
  | 'invalid_amount'
  | 'not_held'
  | 'recently_emailed'
  | 'invalid_credentials'
  | 'invalid_token'
  | 'password_too_short'
  | 'password_too_long'
  | 'invalid_passkey'
  | 'passkey_exists'
  | 'reauthentication_required'
  | 'last_sign_in_method'
  | 'precondition_required'
  | 'revision_conflict'
  | 'invalid_content'
  | 'invalid_reply'
  | 'invalid_settings'
  | 'invalid_schedule'
  | 'invalid_availability'
  | 'not_pending'
  | 'not_a_draft'
  | 'empty_letter'
  | 'invalid_state'
  | 'invalid_image'
  | 'storage_full'
  | 'store_unavailable'
  | 'busy'
  | 'internal';

/** Nothing the studio answers may be cached or indexed. */
export const STUDIO_HEADERS: HeaderRecord = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex',
};

export type StudioResponder = {
  json(status: number, body: unknown, extraHeaders?: HeaderRecord): Response;
  error(status: number, code: StudioErrorCode, extraHeaders?: HeaderRecord): Response;
  empty(extraHeaders?: HeaderRecord): Response;
};

export function createStudioResponder(securityHeaders: HeaderRecord): StudioResponder {
  const base: HeaderRecord = { ...securityHeaders, ...STUDIO_HEADERS };
  const json = (status: number, body: unknown, extraHeaders: HeaderRecord = {}): Response =>
    new Response(JSON.stringify(body), {
      status,
      headers: { ...base, 'content-type': 'application/json; charset=utf-8', ...extraHeaders },
    });
  return {
    json,
    error: (status, code, extraHeaders) =>
      json(status, { success: false, error: code }, extraHeaders),
    empty: (extraHeaders = {}) =>
      new Response(null, { status: 204, headers: { ...base, ...extraHeaders } }),
  };
}
