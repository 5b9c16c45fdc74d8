import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute, type StudioRoute } from './studio-route';

describe('studio routes', () => {
  it('reads back every address it writes', () => {
    const routes: StudioRoute[] = [
      { page: 'inbox', filters: {} },
      { page: 'inbox', filters: { status: 'spam', service: 'Packaging Design', q: 'a&b=c' } },
      { page: 'enquiry', id: 'e/1?x' },
      { page: 'subscribers' },
      { page: 'account' },
      { page: 'welcome' },
    ];
    for (const route of routes) {
      const url = new URL(hrefFor(route), 'http://localhost');
      expect(parseRoute(url.pathname, url.search)).toEqual(route);
    }
  });

  it('ignores filters it does not know instead of failing', () => {
    expect(parseRoute('/studio', '?status=deleted&service=Plumbing&q=%20%20')).toEqual({
      page: 'inbox',
      filters: {},
    });
    expect(parseRoute('/studio', `?q=${'x'.repeat(300)}`)).toEqual({
      page: 'inbox',
      filters: { q: 'x'.repeat(200) },
    });
  });
});
