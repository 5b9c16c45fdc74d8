import { describe, expect, it } from 'vitest';
import { createSiteContentSeed } from './site-content-seed';
import {
  SiteContentDraftSchema,
  SiteContentSchema,
  type SiteContent,
} from '../../common/site-content';
import { toSiteContentFieldErrors } from '../../common/site-content-errors';
import { listFiltersInUse } from '../../common/portfolio-categories';
import { isAllowedHref } from '../../common/site-content-rules';

/** The field errors of `change` applied to a valid document. */
function refuse(change: (content: Record<string, unknown> & SiteContent) => void) {
  const content = structuredClone(createSiteContentSeed()) as Record<string, unknown> & SiteContent;
  change(content);
  const parsed = SiteContentSchema.safeParse(content);
  expect(parsed.success).toBe(false);
  return parsed.success ? {} : toSiteContentFieldErrors(parsed.error);
}

describe('the content document', () => {
  it('accepts links to other sites, email, phone and sections of the page only', () => {
    for (const good of [
      'https://example.com/x',
      'mailto:hi@example.com',
      'tel:+15550100',
      '#contact',
    ]) {
      expect(isAllowedHref(good), good).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'http://example.com',
      'data:text/html,x',
      '//evil.example',
      '/studio',
      'https://user@example.com',
      '#',
      'vbscript:x',
    ]) {
      expect(isAllowedHref(bad), bad).toBe(false);
    }
  });

  it('names the field of a dangerous link', () => {
    expect(
      refuse((content) => {
        content.footer.companyLinks[1]!.href = 'javascript:alert(1)';
      }),
    ).toEqual({ 'footer.companyLinks.1.href': 'invalid_link' });
  });

  it('refuses unknown fields, naming them', () => {
    expect(
      refuse((content) => {
        Object.assign(content.hero, { subtitle: 'x' });
        Object.assign(content, { script: 'x' });
      }),
    ).toEqual({ 'hero.subtitle': 'unknown_field', script: 'unknown_field' });
  });

  it('refuses an empty required field and over-long text', () => {
    expect(
      refuse((content) => {
        content.testimonials.items[0]!.quote = '   ';
        content.portfolio.items[2]!.imageAlt = '';
        content.hero.headline.lead = 'x'.repeat(61);
      }),
    ).toEqual({
      'testimonials.items.0.quote': 'required',
      'portfolio.items.2.imageAlt': 'required',
      'hero.headline.lead': 'too_long',
    });
  });

  it('refuses a category outside the fixed list, repeated ids and images from elsewhere', () => {
    expect(
      refuse((content) => {
        Object.assign(content.portfolio.items[0]!, { category: 'Pottery' });
        content.testimonials.items[1]!.id = content.testimonials.items[0]!.id;
        content.about.image.sources[0]!.url = 'https://tracker.example/pixel.jpg';
      }),
    ).toEqual({
      'portfolio.items.0.category': 'invalid',
      'testimonials.items': 'duplicate_id',
      'about.image.sources.0.url': 'invalid_image',
    });
  });

  it('keeps markup typed into a field as the text it is', () => {
    const content = createSiteContentSeed();
    content.hero.eyebrow = '<script>alert(1)</script>';
    expect(SiteContentSchema.parse(content).hero.eyebrow).toBe('<script>alert(1)</script>');
  });

  it('lets a draft leave text empty, and nothing else', () => {
    const content = createSiteContentSeed();
    content.portfolio.items[0]!.imageAlt = '';
    content.testimonials.items = [];
    expect(SiteContentDraftSchema.safeParse(content).success).toBe(true);
    content.footer.serviceLinks[0]!.href = 'javascript:void(0)';
    const parsed = SiteContentDraftSchema.safeParse(content);
    expect(parsed.success ? {} : toSiteContentFieldErrors(parsed.error)).toEqual({
      'footer.serviceLinks.0.href': 'invalid_link',
    });
  });

  it('shows only the portfolio filters that lead to a project', () => {
    expect(listFiltersInUse(['Packaging', 'UI/UX Design'])).toEqual([
      'All',
      'Web Design',
      'Packaging',
    ]);
    const seed = createSiteContentSeed();
    expect(listFiltersInUse(seed.portfolio.items.map((item) => item.category))).toEqual([
      'All',
      'Web Design',
      'Graphic Design',
      'Branding',
      'Marketing',
      'Packaging',
    ]);
  });
});
