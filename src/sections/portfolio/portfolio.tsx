import { SectionHeading } from '../../components/section-heading';
import { PORTFOLIO_FILTERS, portfolioItems, portfolioSection } from '../../content/portfolio';
import { Island } from '../../islands/island';
import { filterPortfolioItems } from './filter-items';
import { island } from './portfolio-filter.island';

/** Every count a filter can show, in words, so the island needs no copy of its own. */
const FILTERS = PORTFOLIO_FILTERS.map((name) => {
  const shown = filterPortfolioItems(portfolioItems, name);
  return {
    name,
    countText: portfolioSection.describeCount(shown.length),
    itemIds: shown.map((item) => item.id),
  };
});

export function Portfolio() {
  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="py-24 sm:py-32">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="portfolio-title"
          eyebrow={portfolioSection.eyebrow}
          title={portfolioSection.title}
          intro={portfolioSection.intro}
        />
        <Island
          of={island}
          props={{
            groupLabel: portfolioSection.filterLabel,
            filters: FILTERS,
            items: [...portfolioItems],
          }}
        />
      </div>
    </section>
  );
}
