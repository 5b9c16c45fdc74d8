import { describe, expect, it } from 'vitest';
import { hrefFor, parseRoute, searchWordsOf, type StudioRoute } from './studio-route';

describe('studio routes', () => {
  it('reads back every screen it writes, the search words from the page state', () => {
    const routes: StudioRoute[] = [
      { page: 'inbox', filters: {} },
      { page: 'inbox', filters: { status: 'spam', service: 'Packaging Design', q: 'a&b=c' } },
      { page: 'inbox', filters: { stage: 'proposal', owner: 'mara+leads@emberandink.example' } },
      { page: 'waiting' },
      { page: 'board' },
      { page: 'lead', id: 'e/1?x' },
      { page: 'person', id: 'p/1?x' },
      { page: 'subscribers' },
      { page: 'letters' },
      { page: 'letter', id: 'l/1?x' },
      { page: 'account' },
      { page: 'site' },
      { page: 'bookings' },
      { page: 'welcome' },
    ];
    for (const route of routes) {
      const url = new URL(hrefFor(route), 'http://localhost');
      expect(parseRoute(url.pathname, url.search, searchWordsOf(route))).toEqual(route);
    }
  });

  it('opens a lead at its older address, as every email sent before `view=lead` links it', () => {
    expect(parseRoute('/studio', '?view=enquiry&id=e-1')).toEqual({ page: 'lead', id: 'e-1' });
    expect(hrefFor({ page: 'lead', id: 'e-1' })).toBe('/studio?view=lead&id=e-1');
  });

  it('never writes search words into an address, nor reads them from one', () => {
    const route: StudioRoute = { page: 'inbox', filters: { status: 'new', q: 'ann lee' } };
    expect(hrefFor(route)).toBe('/studio?status=new');
    expect(parseRoute('/studio', '?q=ann')).toEqual({ page: 'inbox', filters: {} });
  });

  it('reads the Due and Mine views from the address', () => {
    expect(parseRoute('/studio', '?view=due')).toEqual({ page: 'inbox', filters: { view: 'due' } });
    expect(parseRoute('/studio', '?owner=me')).toEqual({ page: 'inbox', filters: { owner: 'me' } });
    expect(hrefFor({ page: 'inbox', filters: { view: 'due' } })).toBe('/studio?view=due');
  });

  it('ignores filters it does not know instead of failing', () => {
    expect(
      parseRoute('/studio', '?status=replied&service=Plumbing&stage=maybe&owner=you', '  '),
    ).toEqual({
      page: 'inbox',
      filters: {},
    });
    expect(parseRoute('/studio', '', 'x'.repeat(300))).toEqual({
      page: 'inbox',
      filters: { q: 'x'.repeat(200) },
    });
  });
});
