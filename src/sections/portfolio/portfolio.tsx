import type { SiteContent } from '../../../common/site-content';
import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import { portfolioSection } from '../../content/portfolio';
import { Island } from '../../islands/island';
import { describeFilters } from './filter-items';
import { PORTFOLIO_LIST_ID } from './portfolio-filter';
import { island } from './portfolio-filter.island';

/**
 * The projects and their filters. Every count a filter can show is written out in words here,
 * so the island needs no copy of its own; the projects are not in its props at all, only
 * which of them each filter shows.
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
        <Island of={island} props={{ groupLabel: portfolioSection.filterLabel, filters }} />
        <ul
          id={PORTFOLIO_LIST_ID}
          className="mt-10 grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3"
        >
          {portfolio.items.map((item) => (
            <li key={item.id} data-item={item.id} className="render-near-viewport">
              <article>
                <div className="aspect-[4/3] overflow-hidden rounded-3xl bg-paper-sunk">
                  <Picture
                    image={item.image}
                    alt={item.imageAlt}
                    sizes="(min-width: 1024px) 352px, (min-width: 640px) 45vw, 92vw"
                    className="size-full object-cover"
                  />
                </div>
                <p className="mt-5 text-xs font-semibold tracking-[0.16em] text-ember uppercase">
                  {item.category}
                </p>
                <h3 className="mt-2 font-display text-2xl font-semibold">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-muted">{item.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
