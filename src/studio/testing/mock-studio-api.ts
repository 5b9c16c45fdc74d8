import { vi } from 'vitest';
import type { LeadSummary } from '../../../common/leads';
import type { Enquiry, EnquiryDetail, EnquiryPage, Me } from '../api/types';

/**
 * What the app sent: method, path after /api/studio/, query, headers and body (parsed JSON, or
 * the FormData of an upload).
 */
export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export const noContent = (status = 204) => new Response(null, { status });

export const refusal = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(status, { success: false, error }, headers);

/**
 * Replaces fetch at the boundary with the studio API's answers, keyed "METHOD path" (path
 * without the query). Every call is recorded; a call nobody answers gets the API's 404.
 */
export function mockStudioApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, window.location.origin);
    if (!url.pathname.startsWith('/api/studio/'))
      throw new Error(`Unexpected fetch of ${url.href}`);
    const method = init?.method ?? 'GET';
    const body: unknown =
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const call = {
      method,
      path: url.pathname.slice('/api/studio/'.length),
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    };
    calls.push(call);
    const handler = handlers[`${method} ${call.path}`];
    return handler ? handler(call) : refusal(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one route, e.g. `callsTo('PATCH leads/e-2')`. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    /** Every URL fetched, exactly as the app built it. */
    urls: () => fetchMock.mock.calls.map(([input]) => input),
  };
}

export const ME: Me = {
  staff: {
    email: 'mara@emberandink.example',
    name: 'Mara Quinn',
    role: 'owner',
    signature: '',
    notify: 'immediately',
  },
  mail: { isFailing: false, failingSince: null, givenUp: 0 },
  timeZone: 'UTC',
};

export const FAILING_ME: Me = {
  ...ME,
  mail: { isFailing: true, failingSince: '2026-11-23T09:30:00.000Z', givenUp: 2 },
};

export const ENQUIRIES: Enquiry[] = [
  {
    id: 'e-3',
    name: 'Ann Lee',
    email: 'ann@example.com',
    service: 'Brand Strategy',
    message: 'A new identity for our bakery, before the spring opening.',
    status: 'new',
    receivedAt: '2026-11-23T10:15:00.000Z',
  },
  {
    id: 'e-2',
    name: 'Bo Chen',
    email: 'bo@example.com',
    service: 'Packaging Design',
    message: 'Labels for a small run of hot sauce.',
    status: 'read',
    receivedAt: '2026-11-22T16:40:00.000Z',
  },
  {
    id: 'e-1',
    name: 'Cleo Park',
    email: 'cleo@example.com',
    service: 'Presentation / Pitch Deck',
    message: 'A pitch deck for our seed round.',
    status: 'read',
    receivedAt: '2026-11-20T08:05:00.000Z',
  },
];

/** The enquiry as a list shows a lead: new and nobody's, unless `lead` says otherwise. */
export function asLead(enquiry: Enquiry, lead: Partial<LeadSummary> = {}): Enquiry {
  return {
    ...enquiry,
    lead: {
      stage: 'new',
      owner: null,
      followUpOn: null,
      value: null,
      hasNewReply: false,
      waitingSince: null,
      isReturning: false,
      ...lead,
    },
  };
}

export const COUNTS = { new: 1, read: 2, archived: 3, spam: 4 };

export const FIRST_PAGE: EnquiryPage = { items: ENQUIRIES, nextCursor: null, counts: COUNTS };

/** The enquiry as one page shows it: a new lead, nobody's, no notes, no thread yet. */
export function detailOf(enquiry: Enquiry, delivery: EnquiryDetail['delivery']): EnquiryDetail {
  return {
    ...enquiry,
    delivery,
    attribution: null,
    booking: null,
    calls: [],
    earlier: [],
    isReturning: false,
    canVerifySenders: true,
    stage: 'new',
    owner: null,
    followUpOn: null,
    value: null,
    notes: [],
    thread: [],
    callEvents: [],
  };
}
