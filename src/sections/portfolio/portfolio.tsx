import { useState } from 'react';
import { Picture } from '../../components/picture';
import { SectionHeading } from '../../components/section-heading';
import type { PortfolioFilter } from '../../content/portfolio';
import { PORTFOLIO_FILTERS, portfolioItems, portfolioSection } from '../../content/portfolio';
import { filterPortfolioItems } from './filter-items';

export function Portfolio() {
  const [filter, setFilter] = useState<PortfolioFilter>('All');
  const shownItems = filterPortfolioItems(portfolioItems, filter);
  return (
    <section id="portfolio" aria-labelledby="portfolio-title" className="py-24 sm:py-32">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="portfolio-title"
          eyebrow={portfolioSection.eyebrow}
          title={portfolioSection.title}
          intro={portfolioSection.intro}
        />
        <div
          role="group"
          aria-label={portfolioSection.filterLabel}
          className="mt-12 flex flex-wrap justify-center gap-2 no-js:hidden"
        >
          {PORTFOLIO_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
              className="min-h-11 rounded-full border border-line px-5 text-sm font-semibold text-ink-muted transition-colors hover:border-ink/40 hover:text-ink aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper"
            >
              {name}
            </button>
          ))}
        </div>
        <p role="status" className="mt-6 text-center text-sm text-ink-muted">
          {portfolioSection.describeCount(shownItems.length)}
        </p>
        <ul className="mt-10 grid gap-x-6 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
          {shownItems.map((item) => (
            <li key={item.id} className="render-near-viewport">
              <article>
                <div className="aspect-[4/3] overflow-hidden rounded-3xl bg-paper-sunk">
                  <Picture
                    picture={item.image}
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
