import type { IslandDefinition } from './define-island';

/**
 * When an island wakes. Every island also wakes at the first sign of intent inside it (a
 * pointer down, focus, a key); `near` islands wake as their section comes within a screen of
 * the viewport too, `now` islands as soon as the page has painted.
 */
export type Wake = 'near' | 'now';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each module types its own props
export type IslandModule = { island: IslandDefinition<any> };
/** Wires an island's server-rendered controls without React. */
export type IslandControls = (element: HTMLElement) => void;

/** A React island hydrates from its module's `island`; a plain one runs its `controls`. */
export type IslandEntry =
  | { load: () => Promise<IslandModule>; wake: Wake }
  | { controls: () => Promise<IslandControls>; wake: Wake };

/**
 * Every island of the site, one line each. The name is the one the server writes into the page
 * (`data-island`); a React island's module is `<name>.island.tsx`. The header needs no React:
 * its first tap is answered by a few hundred bytes, and a reader who does not scroll to a form
 * or the portfolio never fetches React at all.
 */
export const ISLANDS: Readonly<Record<string, IslandEntry>> = {
  'site-header': {
    controls: () =>
      import('../sections/nav/site-header-controls').then((module) => module.controlSiteHeader),
    wake: 'now',
  },
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
