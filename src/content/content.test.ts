import { describe, expect, it } from 'vitest';
import { about } from './about';
import {
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_FILTERS,
  portfolioFilters,
  portfolioItems,
} from './portfolio';
import { services } from './services';
import { testimonials } from './testimonials';

function expectUnique(ids: readonly string[]) {
  expect(new Set(ids).size).toBe(ids.length);
}

describe('site content', () => {
  it('lists the ten services of the spec, each with copy and a described image', () => {
    expect(services.map((service) => service.title)).toEqual([
      'Web Design & Development',
      'Graphic Design',
      'Packaging Design',
      'Social Media Management',
      'Marketing Strategy',
      'Corporate Identity',
      'Wedding Assets',
      'Tradeshow Booths',
      'PowerPoint Presentations',
      'SEO & Research',
    ]);
    expectUnique(services.map((service) => service.id));
    for (const service of services) {
      expect(service.description.length).toBeGreaterThan(40);
      expect(service.imageAlt.trim()).not.toBe('');
    }
  });

  it('has twelve portfolio items that use every category', () => {
    expect(portfolioItems).toHaveLength(12);
    expectUnique(portfolioItems.map((item) => item.id));
    const used = new Set(portfolioItems.map((item) => item.category));
    expect([...used].sort()).toEqual([...PORTFOLIO_CATEGORIES].sort());
    for (const item of portfolioItems) expect(item.imageAlt.trim()).not.toBe('');
  });

  it('reaches every portfolio item from a filter other than All, and no filter is empty', () => {
    const reachable = new Set(
      PORTFOLIO_FILTERS.filter((filter) => filter !== 'All').flatMap(
        (filter) => portfolioFilters[filter],
      ),
    );
    expect([...reachable].sort()).toEqual([...PORTFOLIO_CATEGORIES].sort());
    for (const filter of PORTFOLIO_FILTERS) {
      const shown = portfolioItems.filter((item) =>
        portfolioFilters[filter].includes(item.category),
      );
      expect(shown.length, filter).toBeGreaterThan(0);
    }
  });

  it('has three testimonials with quote, author, role and company', () => {
    expect(testimonials).toHaveLength(3);
    for (const testimonial of testimonials) {
      for (const value of Object.values(testimonial)) expect(value.trim()).not.toBe('');
    }
  });

  it('has the three counters of the spec', () => {
    expect(about.counters.map((c) => `${c.target}${c.suffix} ${c.label}`)).toEqual([
      '500+ Projects Delivered',
      '200+ Happy Clients',
      '25+ Years Experience',
    ]);
  });
});
