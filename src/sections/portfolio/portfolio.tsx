import type { SiteContent } from '../../../common/site-content';
import { SectionHeading } from '../../components/section-heading';
import { portfolioSection } from '../../content/portfolio';
import { Island } from '../../islands/island';
import { describeFilters } from './filter-items';
import { island } from './portfolio-filter.island';

/**
 * The projects and their filters. Every count a filter can show is written out in words here,
 * so the island needs no copy of its own.
 */
export function Portfolio({ portfolio }: { portfolio: SiteContent['portfolio'] }) {
  const filters = describeFilters(portfolio.items).map(({ name, items }) => ({
    name,
    countText: portfolioSection.describeCount(items.length),
    itemIds: items.map((item) => item.id),
  }));
  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="py-24 sm:py-32">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="portfolio-title"
          eyebrow={portfolio.eyebrow}
          title={portfolio.title}
          intro={portfolio.intro}
        />
        <Island
          of={island}
          props={{ groupLabel: portfolioSection.filterLabel, filters, items: portfolio.items }}
        />
      </div>
    </section>
  );
}
