import type { ApiDetails, ApiResponse } from '../../common/api';
import type { HeaderRecord } from '../security-headers';

export type JsonResponder = (
  status: number,
  body: ApiResponse & ApiDetails,
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
