import { SITE_SERVICE_IDS, type SiteContent } from '../../../common/site-content';
import type { ContentImage } from '../../../common/site-content-rules';
import type { SiteDraft, SiteRevisionEntry, SiteSchedules } from '../api/types';

const image = (name: string): ContentImage => ({
  width: 1200,
  height: 900,
  sources: [
    { url: `/media/${name}-400.webp`, width: 400, type: 'image/webp' },
    { url: `/media/${name}-400.jpg`, width: 400, type: 'image/jpeg' },
  ],
});

/** A small but complete content document, as the server would send it. */
export function createSiteContent(): SiteContent {
  return {
    meta: { title: 'Ember & Ink', description: 'A design studio.' },
    hero: {
      eyebrow: 'Design studio',
      headline: { lead: 'Ember', mark: '&', tail: 'Ink' },
      tagline: 'Brands that glow.',
      primaryAction: { label: 'Start a project', href: '#contact' },
      secondaryAction: { label: 'See our work', href: '#portfolio' },
      highlights: ['Ten years'],
    },
    services: {
      eyebrow: 'Services',
      title: 'What we do',
      intro: 'Everything a brand needs.',
      items: SITE_SERVICE_IDS.map((id) => ({
        id,
        title: `Service ${id}`,
        description: `About ${id}.`,
        image: image(id),
        imageAlt: `Picture of ${id}`,
      })),
    },
    portfolio: {
      eyebrow: 'Portfolio',
      title: 'Our work',
      intro: 'A few projects.',
      items: [
        {
          id: 'harbour-bakery',
          title: 'Harbour Bakery',
          category: 'Branding',
          description: 'A bakery identity.',
          image: image('bakery'),
          imageAlt: 'Bread boxes with a wave logo',
        },
        {
          id: 'north-coffee',
          title: 'North Coffee',
          category: 'Packaging',
          description: 'Coffee bags.',
          image: image('coffee'),
          imageAlt: 'Three coffee bags',
        },
      ],
    },
    about: {
      eyebrow: 'About',
      title: 'A small studio',
      paragraphs: ['We are small.'],
      image: image('studio'),
      imageAlt: 'The studio',
      counters: [
        { id: 'projects', target: 120, suffix: '+', label: 'Projects' },
        { id: 'clients', target: 80, suffix: '', label: 'Clients' },
        { id: 'years', target: 10, suffix: '', label: 'Years' },
      ],
      award: { title: 'Best studio', text: 'Won in 2025.' },
    },
    testimonials: {
      eyebrow: 'Clients',
      title: 'What they say',
      items: [
        {
          id: 'ann-lee',
          quote: 'They made our bakery glow.',
          author: 'Ann Lee',
          role: 'Owner',
          company: 'Harbour Bakery',
        },
        {
          id: 'bo-chen',
          quote: 'Labels that sell.',
          author: 'Bo Chen',
          role: 'Founder',
          company: 'Hot Sauce Co',
        },
      ],
    },
    contact: {
      eyebrow: 'Contact',
      title: 'Say hello',
      intro: 'Tell us about it.',
      email: 'hello@emberandink.example',
      phone: '+1 555 0100',
      phoneHref: 'tel:+15550100',
      visit: '1 Harbour Road',
    },
    footer: {
      tagline: 'Design with warmth.',
      serviceLinksTitle: 'Services',
      serviceLinks: [{ label: 'Branding', href: '#services' }],
      companyLinksTitle: 'Company',
      companyLinks: [{ label: 'About', href: '#about' }],
      socialLinks: [{ network: 'instagram', label: 'Instagram', href: 'https://instagram.com/x' }],
      copyright: '© Ember & Ink',
    },
  };
}

export const DRAFT: SiteDraft = { content: createSiteContent(), revision: 'rev-1' };

export const REVISIONS: SiteRevisionEntry[] = [
  {
    kind: 'publish',
    id: '9d4c6b0a-1e3f-4b50-8c0d-6f8a2b1c0d9e',
    // The draft as it was published: no unpublished changes until a test makes some.
    revision: DRAFT.revision,
    publishedAt: '2026-11-24T16:30:00.000Z',
    publishedBy: 'mara@emberandink.example',
    summary: 'Hero: 1 field',
    isLive: true,
    restoredFrom: {
      id: '1c6f8e2d-3a5b-4d72-8e2f-8b0c4d3e2f1a',
      publishedAt: '2026-11-01T09:00:00.000Z',
    },
  },
  {
    kind: 'publish',
    id: '0b5e7d1c-2f4a-4c61-9d1e-7a9b3c2d1e0f',
    revision: 'rev-0',
    publishedAt: '2026-11-20T09:00:00.000Z',
    publishedBy: 'mara@emberandink.example',
    summary: 'Testimonials: 1 field',
    isLive: false,
    restoredFrom: null,
  },
  {
    kind: 'publish',
    id: '1c6f8e2d-3a5b-4d72-8e2f-8b0c4d3e2f1a',
    revision: 'rev-seed',
    publishedAt: '2026-11-01T09:00:00.000Z',
    publishedBy: null,
    summary: 'The site as the build describes it',
    isLive: false,
    restoredFrom: null,
  },
];

/** No schedule yet, in the studio's default time zone. */
export const NO_SCHEDULES: SiteSchedules = { items: [], timeZone: 'UTC' };
