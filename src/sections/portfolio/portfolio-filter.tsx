import { useLayoutEffect, useState } from 'react';
import { arrayOf, isText, objectOf, type Checked } from '../../islands/check-props';

/** The server-rendered list the filter shows and hides items of (its `<li>`s carry `data-item`). */
export const PORTFOLIO_LIST_ID = 'portfolio-items';

export const isPortfolioFilterProps = objectOf({
  groupLabel: isText,
  /** The first filter is the one shown before any choice. */
  filters: arrayOf(objectOf({ name: isText, countText: isText, itemIds: arrayOf(isText) })),
});
export type PortfolioFilterProps = Checked<typeof isPortfolioFilterProps>;

/**
 * The filter buttons and the count they announce. The projects themselves are plain HTML beside
 * the island, so their words and images are in the page once, not again in its props: a choice
 * hides the items it leaves out.
 */
export function PortfolioFilter({ groupLabel, filters }: PortfolioFilterProps) {
  const [chosen, setChosen] = useState(filters[0]?.name);
  const filter = filters.find((candidate) => candidate.name === chosen);
  // Before paint, so the count and the items shown never disagree on screen.
  useLayoutEffect(() => {
    const items = document.getElementById(PORTFOLIO_LIST_ID)?.children ?? [];
    for (const item of items) {
      if (item instanceof HTMLElement) {
        item.hidden = !filter?.itemIds.includes(item.dataset.item ?? '');
      }
    }
  }, [filter]);
  return (
    <>
      <div
        role="group"
        aria-label={groupLabel}
        className="mt-12 flex flex-wrap justify-center gap-2 no-js:hidden"
      >
        {filters.map(({ name }) => (
          <button
            key={name}
            type="button"
            aria-pressed={chosen === name}
            onClick={() => setChosen(name)}
            className="min-h-11 rounded-full border border-line px-5 text-sm font-semibold text-ink-muted transition-colors hover:border-ink/40 hover:text-ink aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper"
          >
            {name}
          </button>
        ))}
      </div>
      <p role="status" className="mt-6 text-center text-sm text-ink-muted">
        {filter?.countText}
      </p>
    </>
  );
}
