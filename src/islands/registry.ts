import type { IslandDefinition } from './define-island';

/**
 * When an island wakes. Every island also wakes at the first sign of intent inside it (a
 * pointer down, focus, a key); `near` islands wake as their section comes within a screen of
 * the viewport too, `now` islands as soon as the page has painted.
 */
export type Wake = 'intent' | 'near' | 'now';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module types its own props
export type IslandModule = { island: IslandDefinition<any> };
export type IslandEntry = { load: () => Promise<IslandModule>; wake: Wake };

/**
 * Every island of the site, one line each. The name is the one the server's <Island> writes
 * into the page (and the module's file name, `<name>.island.tsx`, which the prerender uses to
 * fetch the `intent` islands after the page has loaded).
 */
export const ISLANDS: Readonly<Record<string, IslandEntry>> = {
  'site-header': { load: () => import('../sections/nav/site-header.island'), wake: 'intent' },
  'portfolio-filter': {
    load: () => import('../sections/portfolio/portfolio-filter.island'),
    wake: 'near',
  },
  counters: { load: () => import('../sections/about/counters.island'), wake: 'near' },
  'contact-form': { load: () => import('../sections/contact/contact-form.island'), wake: 'near' },
  'newsletter-form': {
    load: () => import('../sections/footer/newsletter-form.island'),
    wake: 'near',
  },
  'missing-page-report': { load: () => import('../pages/missing-page-report.island'), wake: 'now' },
};
