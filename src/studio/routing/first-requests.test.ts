import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDrafts } from '../api/lead-api';
import { getSettings } from '../api/settings-api';
import { getEnquiry, getMe, listEnquiries } from '../api/studio-api';
import { firstRequestsFor } from './first-requests';

/** The URLs the given API calls request, answered with an empty JSON object. */
async function urlsRequestedBy(calls: (() => Promise<unknown>)[]): Promise<string[]> {
  const fetchMock = vi.fn(() => Promise.resolve(Response.json({})));
  vi.stubGlobal('fetch', fetchMock);
  for (const call of calls) await call();
  return fetchMock.mock.calls.map((call: unknown[]) => String(call[0]));
}

afterEach(() => vi.unstubAllGlobals());

describe('the first screen’s early requests', () => {
  it('are the very URLs the inbox asks for, whatever its filters', async () => {
    const filters = { status: 'read', service: 'Packaging Design', q: 'a&b=c ann' } as const;
    const requested = await urlsRequestedBy([
      () => getMe(),
      () => getSettings(),
      () => listEnquiries(filters, null),
    ]);
    expect(firstRequestsFor({ page: 'inbox', filters })).toEqual(requested);
  });

  it('are the very URLs a lead’s page asks for, even for an id that needs escaping', async () => {
    const id = 'e/1?x&y';
    const requested = await urlsRequestedBy([
      () => getMe(),
      () => getSettings(),
      () => getEnquiry(id),
      () => getDrafts(id),
    ]);
    expect(firstRequestsFor({ page: 'lead', id })).toEqual(requested);
  });

  it('ask nothing on the welcome page, where no one is signed in yet', () => {
    expect(firstRequestsFor({ page: 'welcome' })).toEqual([]);
  });
});
