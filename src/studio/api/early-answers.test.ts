import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askEarly, forgetEarlyAnswers } from './early-answers';
import { requestJson, requestWithoutBody } from './request';

const ME = '/api/studio/me';

describe('answers asked for early', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    let served = 0;
    fetchMock = vi.fn(() => Promise.resolve(Response.json({ served: (served += 1) })));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/studio');
  });
  afterEach(() => {
    forgetEarlyAnswers();
    vi.unstubAllGlobals();
  });

  it('serve the screen’s first request for the same URL, once', async () => {
    askEarly([ME]);
    expect(await requestJson('me')).toEqual({ served: 1 });
    expect(await requestJson('me')).toEqual({ served: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('are dropped by any write, so nothing stale is shown after it', async () => {
    askEarly([ME]);
    await requestWithoutBody('session', { method: 'DELETE' });
    expect(await requestJson('me')).toEqual({ served: 3 });
  });

  it('serve only the address they were asked on', async () => {
    askEarly([ME]);
    window.history.pushState(null, '', '/studio?view=account');
    expect(await requestJson('me')).toEqual({ served: 2 });
  });

  it('are dropped with a request whose screen went away meanwhile', async () => {
    askEarly([ME]);
    const controller = new AbortController();
    controller.abort();
    await expect(requestJson('me', { signal: controller.signal })).rejects.toThrow();
  });

  it('ask nothing but who is here of someone signed out, and answer the rest 401', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 401 }));
    askEarly([ME, '/api/studio/settings', '/api/studio/leads']);
    await expect(requestJson('settings')).rejects.toThrow();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([ME]);
  });

  it('ask the rest once someone is signed in', async () => {
    askEarly([ME, '/api/studio/settings']);
    expect(await requestJson('settings')).toEqual({ served: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
