import type { ApiResponse } from '../../common/api';
import type { HeaderRecord } from '../security-headers';

export type JsonResponder = (
  status: number,
  body: ApiResponse,
  extraHeaders?: HeaderRecord,
) => Response;

/** API answers are personal and never cached by browsers or proxies. */
export function createJsonResponder(securityHeaders: HeaderRecord): JsonResponder {
  const base: HeaderRecord = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  };
  return (status, body, extraHeaders) =>
    new Response(JSON.stringify(body), {
      status,
      headers: extraHeaders === undefined ? base : { ...base, ...extraHeaders },
    });
}

export const MESSAGES = {
  badJson: 'The request body is not valid JSON.',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  crossSite: 'Cross-site requests are not accepted.',
  methodNotAllowed: 'This method is not allowed here.',
  tooLarge: 'The request body is too large.',
  notJson: 'Please send the request body as application/json.',
  encoded: 'Compressed request bodies are not accepted.',
  invalidFields: 'Please check the highlighted fields.',
  idempotencyConflict:
    'This Idempotency-Key was already used for a different message. Please reload the page and try again.',
  rateLimited: 'Too many requests. Please wait a few minutes and try again.',
  storeUnavailable: 'We could not save your message right now. Please try again in a minute.',
  internal: 'Something went wrong on our side. Please try again later.',
  notFound: 'Not found.',
} as const;
