import { forgetEarlyAnswers, takeEarlyAnswer } from './early-answers';
import { forgetKeptLists } from './kept-lists';

/** Every studio API path starts here. */
export const STUDIO_API = '/api/studio/';

/**
 * A refused request: the HTTP status, the API's stable error code, any Retry-After, and the
 * whole answer, for refusals that say more (a conflict carries the current draft).
 */
export class StudioApiError extends Error {
  override name = 'StudioApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds: number | null = null,
    readonly payload: unknown = null,
  ) {
    super(`The studio API answered ${status} ${code}.`);
  }
}

/** The status of an answer that never came: the network or the server is down. */
export const NETWORK_FAILURE = 0;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON, or a form (a file upload) that the browser encodes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** The revision a change was made on, sent as `If-Match: "<revision>"`. */
  ifMatch?: string;
  /** Sent even when the page is closing (a draft saved as the person leaves). */
  keepalive?: boolean;
  /**
   * A write no kept list shows (a draft), or one whose caller changes the kept lists itself:
   * any other write forgets them (api/kept-lists.ts).
   */
  keepsListsShown?: boolean;
};

/** Retry-After is either seconds or an HTTP date; both become seconds from now. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function errorCodeOf(payload: unknown): string {
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const { error } = payload;
    if (typeof error === 'string') return error;
  }
  return 'unknown';
}

async function send(
  path: string,
  { method = 'GET', body, signal, ifMatch, keepalive, keepsListsShown = false }: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (ifMatch !== undefined) headers['If-Match'] = `"${ifMatch}"`;
  if (signal) init.signal = signal;
  if (keepalive === true) init.keepalive = true;
  const url = `${STUDIO_API}${path}`;
  if (method !== 'GET') {
    forgetEarlyAnswers();
    if (!keepsListsShown) forgetKeptLists();
  }
  const early = method === 'GET' ? takeEarlyAnswer(url) : null;
  let response: Response;
  try {
    response = await (early ?? fetch(url, init));
    // An early answer was asked without this request's signal; it is dropped the same way.
    signal?.throwIfAborted();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StudioApiError(NETWORK_FAILURE, 'network');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    throw new StudioApiError(
      response.status,
      errorCodeOf(payload),
      parseRetryAfter(response.headers.get('Retry-After')),
      payload,
    );
  }
  return response;
}

/**
 * Calls the studio API and returns its JSON. The server is ours and its answers are typed in
 * api/types.ts; failures become a StudioApiError.
 */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

/** Calls a route that answers 202 or 204 and has nothing to say but its status. */
export async function requestWithoutBody(
  path: string,
  options: RequestOptions = {},
): Promise<void> {
  await send(path, options);
}
