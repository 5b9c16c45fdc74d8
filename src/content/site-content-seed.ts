import { SITE_SERVICE_IDS, type SiteContent } from '../../common/site-content';
import type { ContentImage, ImageSource, ImageType } from '../../common/site-content-rules';
import type { ResponsivePicture } from '../lib/responsive-picture';
import { about } from './about';
import { contact } from './contact';
import { footer, socialLinks } from './footer';
import { hero } from './hero';
import { portfolioItems, portfolioSection } from './portfolio';
import { services, servicesSection } from './services';
import { site } from './site';
import { testimonials, testimonialsSection } from './testimonials';

const TYPES: Record<string, ImageType> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
};

/** `"/a-400.avif 400w, /a-800.avif 800w"` → one source per file. */
function parseSrcset(srcset: string, type: ImageType): ImageSource[] {
  return srcset.split(',').map((candidate) => {
    const [url = '', descriptor = ''] = candidate.trim().split(/\s+/);
    return { url, width: Number.parseInt(descriptor, 10), type };
  });
}

/** A build-time picture as the content document describes an image. */
export function toContentImage(picture: ResponsivePicture): ContentImage {
  const sources = Object.entries(picture.sources).flatMap(([format, srcset]) => {
    const type = TYPES[format];
    if (type === undefined) throw new Error(`Unknown image format ${format}`);
    return parseSrcset(srcset, type);
  });
  if (!sources.some((source) => source.url === picture.img.src)) {
    sources.push({ url: picture.img.src, width: picture.img.w, type: 'image/jpeg' });
  }
  return { width: picture.img.w, height: picture.img.h, sources };
}

/** A service's id as the document knows it; a service the document cannot hold fails the build. */
function toServiceId(id: string): (typeof SITE_SERVICE_IDS)[number] {
  const known = SITE_SERVICE_IDS.find((serviceId) => serviceId === id);
  if (known === undefined) throw new Error(`The content document has no service "${id}"`);
  return known;
}

const links = (list: readonly { label: string; href: string }[]) =>
  list.map(({ label, href }) => ({ label, href }));

/**
 * The content document as the modules in this folder describe the page today: what a fresh
 * install publishes, before the studio changes anything (docs/decisions/0036-site-content-seed.md).
 */
export function createSiteContentSeed(): SiteContent {
  return {
    meta: { title: site.title, description: site.description },
    hero: {
      eyebrow: hero.eyebrow,
      headline: { ...hero.title },
      tagline: site.tagline,
      primaryAction: { ...hero.primaryAction },
      secondaryAction: { ...hero.secondaryAction },
      highlights: [...hero.highlights],
    },
    services: {
      ...servicesSection,
      items: services.map((service) => ({
        id: toServiceId(service.id),
        title: service.title,
        description: service.description,
        image: toContentImage(service.image),
        imageAlt: service.imageAlt,
      })),
    },
    portfolio: {
      eyebrow: portfolioSection.eyebrow,
      title: portfolioSection.title,
      intro: portfolioSection.intro,
      items: portfolioItems.map((item) => ({
        id: item.id,
        title: item.title,
        category: item.category,
        description: item.description,
        image: toContentImage(item.image),
        imageAlt: item.imageAlt,
      })),
    },
    about: {
      eyebrow: about.eyebrow,
      title: about.title,
      paragraphs: [...about.paragraphs],
      image: toContentImage(about.image),
      imageAlt: about.imageAlt,
      counters: about.counters.map((counter) => ({ ...counter })),
      award: { ...about.award },
    },
    testimonials: {
      ...testimonialsSection,
      items: testimonials.map((testimonial) => ({ ...testimonial })),
    },
    contact: {
      eyebrow: contact.eyebrow,
      title: contact.title,
      intro: contact.intro,
      email: site.email,
      phone: site.phone,
      phoneHref: site.phoneHref,
      visit: site.visit,
    },
    footer: {
      tagline: footer.tagline,
      serviceLinksTitle: footer.serviceLinksTitle,
      serviceLinks: links(footer.serviceLinks),
      companyLinksTitle: footer.companyLinksTitle,
      companyLinks: links(footer.companyLinks),
      socialLinks: socialLinks.map((link) => ({ ...link })),
      copyright: footer.copyright,
    },
  };
}
