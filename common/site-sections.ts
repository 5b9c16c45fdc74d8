import type { SiteContent } from './site-content';

/**
 * The content document's sections as the studio names them: the editor's headings and the
 * history's summaries of what a publish changed use the same words.
 */
export const SITE_SECTION_NAMES = {
  meta: 'Page title and description',
  hero: 'Hero',
  services: 'Services',
  portfolio: 'Portfolio',
  about: 'About',
  testimonials: 'Testimonials',
  contact: 'Contact',
  footer: 'Footer',
} as const satisfies Record<keyof SiteContent, string>;
