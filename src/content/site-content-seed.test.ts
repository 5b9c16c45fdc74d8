import { describe, expect, it } from 'vitest';
import { SiteContentSchema } from '../../common/site-content';
import { about } from './about';
import { contact } from './contact';
import { footer, socialLinks } from './footer';
import { hero } from './hero';
import { portfolioItems } from './portfolio';
import { services } from './services';
import { site } from './site';
import { createSiteContentSeed, toContentImage } from './site-content-seed';
import { testimonials } from './testimonials';

describe('the content seed', () => {
  const seed = createSiteContentSeed();

  it('is a valid content document, unchanged by validation', () => {
    const parsed = SiteContentSchema.safeParse(seed);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toEqual(seed);
  });

  it('carries every text of the page as the content modules hold it today', () => {
    expect(seed.hero).toMatchObject({
      eyebrow: hero.eyebrow,
      headline: hero.title,
      tagline: site.tagline,
      primaryAction: hero.primaryAction,
      secondaryAction: hero.secondaryAction,
      highlights: hero.highlights,
    });
    expect(seed.meta).toEqual({ title: site.title, description: site.description });
    expect(seed.testimonials.items).toEqual(testimonials);
    expect(seed.about.counters).toEqual(about.counters);
    expect(seed.about.award).toEqual(about.award);
    expect(seed.about.paragraphs).toEqual(about.paragraphs);
    expect(seed.contact).toMatchObject({
      title: contact.title,
      email: site.email,
      phone: site.phone,
      phoneHref: site.phoneHref,
      visit: site.visit,
    });
    expect(seed.footer).toMatchObject({
      tagline: footer.tagline,
      copyright: footer.copyright,
      serviceLinks: footer.serviceLinks,
      companyLinks: footer.companyLinks,
      socialLinks,
    });
  });

  it('keeps the services and the portfolio in their order, with their images and alt text', () => {
    expect(seed.services.items.map(({ image, ...rest }) => ({ ...rest, image }))).toEqual(
      services.map((service) => ({
        id: service.id,
        title: service.title,
        description: service.description,
        image: toContentImage(service.image),
        imageAlt: service.imageAlt,
      })),
    );
    expect(seed.portfolio.items).toEqual(
      portfolioItems.map((item) => ({
        id: item.id,
        title: item.title,
        category: item.category,
        description: item.description,
        image: toContentImage(item.image),
        imageAlt: item.imageAlt,
      })),
    );
  });

  it('describes a built picture with every source and its JPEG fallback', () => {
    const image = toContentImage({
      sources: {
        avif: '/assets/a-400.avif 400w, /assets/a-800.avif 800w',
        jpeg: '/assets/a-400.jpg 400w, /assets/a-800.jpg 800w',
      },
      img: { src: '/assets/a-800.jpg', w: 800, h: 600 },
    });
    expect(image).toEqual({
      width: 800,
      height: 600,
      sources: [
        { url: '/assets/a-400.avif', width: 400, type: 'image/avif' },
        { url: '/assets/a-800.avif', width: 800, type: 'image/avif' },
        { url: '/assets/a-400.jpg', width: 400, type: 'image/jpeg' },
        { url: '/assets/a-800.jpg', width: 800, type: 'image/jpeg' },
      ],
    });
  });
});
