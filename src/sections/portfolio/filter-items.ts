import type { PortfolioFilter, PortfolioItem } from '../../content/portfolio';
import { portfolioFilters } from '../../content/portfolio';

export function filterPortfolioItems(
  items: readonly PortfolioItem[],
  filter: PortfolioFilter,
): PortfolioItem[] {
  const categories = portfolioFilters[filter];
  return items.filter((item) => categories.includes(item.category));
}
