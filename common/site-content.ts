import * as z from 'zod/mini';
import { EmailAddressSchema } from './fields';
import { PORTFOLIO_CATEGORIES } from './portfolio-categories';
import {
  createContentImageSchema,
  createLinkSchema,
  createTextRules,
  href,
  optionalLine,
  SITE_TEXT_LIMITS,
  slug,
  uniqueList,
  type Strictness,
} from './site-content-rules';

/**
 * The site's content document: everything a visitor reads that the agency changes from the
 * studio. Form rules and error words are not in it: they stay code, so an edit can never break
 * a form. Lists keep their display order; strict objects refuse unknown fields.
 */

/** The ten services the studio offers; each keeps its icon in code, by id. */
export const SITE_SERVICE_IDS = [
  'web-design',
  'graphic-design',
  'packaging-design',
  'social-media',
  'marketing-strategy',
  'corporate-identity',
  'wedding-assets',
  'tradeshow-booths',
  'presentations',
  'seo-research',
] as const;

export const SOCIAL_NETWORKS = ['instagram', 'linkedin', 'dribbble', 'x'] as const;

/**
 * The document's schema. `publish` is what the page needs: every required text filled in and
 * at least one project and testimonial; a `draft` may still have gaps (site-content-rules.ts).
 */
export function createSiteContentSchema(strictness: Strictness) {
  const { label } = SITE_TEXT_LIMITS;
  const { line, paragraph } = createTextRules(strictness);
  const Link = createLinkSchema({ line, paragraph });
  const minItems = strictness === 'publish' ? 1 : 0;
  const ContentImageSchema = createContentImageSchema(strictness);

  const SectionHeadingShape = { eyebrow: line(label), title: line(), intro: paragraph() };

  const ActionSchema = z.strictObject({ label: line(label), href: href() });

  const ServiceSchema = z.strictObject({
    id: z.enum(SITE_SERVICE_IDS, { error: 'invalid' }),
    title: line(label),
    description: paragraph(),
    image: ContentImageSchema,
    imageAlt: line(),
  });

  const PortfolioItemSchema = z.strictObject({
    id: slug(),
    title: line(label),
    category: z.enum(PORTFOLIO_CATEGORIES, { error: 'invalid' }),
    description: paragraph(),
    image: ContentImageSchema,
    imageAlt: line(),
  });

  const CounterSchema = z.strictObject({
    id: slug(),
    target: z
      .number({ error: 'invalid' })
      .check(z.int({ error: 'invalid' }), z.gte(0, { error: 'invalid' }), z.lte(1_000_000_000)),
    suffix: optionalLine(4),
    label: line(label),
  });

  const TestimonialSchema = z.strictObject({
    id: slug(),
    quote: paragraph(SITE_TEXT_LIMITS.quote),
    author: line(label),
    role: line(label),
    company: line(label),
  });

  const SocialLink = z.strictObject({
    network: z.enum(SOCIAL_NETWORKS, { error: 'invalid' }),
    label: line(),
    href: href(),
  });

  return z.strictObject({
    /** The page's title and description: the browser tab, search results and link previews. */
    meta: z.strictObject({ title: line(), description: paragraph(300) }),
    hero: z.strictObject({
      eyebrow: line(label),
      /** The brand name as the heading shows it, its middle mark set apart. */
      headline: z.strictObject({ lead: line(label), mark: line(8), tail: line(label) }),
      tagline: paragraph(300),
      primaryAction: ActionSchema,
      secondaryAction: ActionSchema,
      highlights: z
        .array(line(label), { error: 'invalid' })
        .check(z.maxLength(8, { error: 'too_many' })),
    }),
    services: z.strictObject({
      ...SectionHeadingShape,
      items: z.array(ServiceSchema, { error: 'invalid' }).check(
        z.length(SITE_SERVICE_IDS.length, { error: 'invalid' }),
        z.refine((items) => new Set(items.map((item) => item.id)).size === items.length, {
          error: 'duplicate_id',
        }),
      ),
    }),
    portfolio: z.strictObject({
      ...SectionHeadingShape,
      items: uniqueList(PortfolioItemSchema, minItems, 48),
    }),
    about: z.strictObject({
      eyebrow: line(label),
      title: line(),
      paragraphs: z
        .array(paragraph(), { error: 'invalid' })
        .check(z.minLength(1, { error: 'too_short' }), z.maxLength(4, { error: 'too_many' })),
      image: ContentImageSchema,
      imageAlt: line(),
      counters: uniqueList(CounterSchema, 3, 3),
      award: z.strictObject({ title: line(), text: paragraph(300) }),
    }),
    testimonials: z.strictObject({
      eyebrow: line(label),
      title: line(),
      items: uniqueList(TestimonialSchema, minItems, 12),
    }),
    contact: z.strictObject({
      ...SectionHeadingShape,
      email: EmailAddressSchema,
      /** The number as visitors read it, and the `tel:` link a phone dials. */
      phone: line(label),
      phoneHref: href().check(z.startsWith('tel:', { error: 'invalid_link' })),
      visit: line(label),
    }),
    footer: z.strictObject({
      tagline: paragraph(300),
      serviceLinksTitle: line(label),
      serviceLinks: z
        .array(Link, { error: 'invalid' })
        .check(z.maxLength(8, { error: 'too_many' })),
      companyLinksTitle: line(label),
      companyLinks: z
        .array(Link, { error: 'invalid' })
        .check(z.maxLength(8, { error: 'too_many' })),
      socialLinks: z
        .array(SocialLink, { error: 'invalid' })
        .check(z.maxLength(SOCIAL_NETWORKS.length, { error: 'too_many' })),
      copyright: line(),
    }),
  });
}

/** What the page is rendered from: strict, every required field filled in. */
export const SiteContentSchema = createSiteContentSchema('publish');

/** A saved draft: as strict, but text may still be empty and lists may be empty. */
export const SiteContentDraftSchema = createSiteContentSchema('draft');

/** The name DESIGN.md gives the document's schema. */
export const siteContent = SiteContentSchema;

export type SiteContent = z.infer<typeof SiteContentSchema>;
export type SiteService = SiteContent['services']['items'][number];
export type SitePortfolioItem = SiteContent['portfolio']['items'][number];
export type SiteTestimonial = SiteContent['testimonials']['items'][number];
