import {
  listFiltersInUse,
  portfolioFilters,
  type PortfolioFilter,
} from '../../../common/portfolio-categories';
import type { SitePortfolioItem } from '../../../common/site-content';

export function filterPortfolioItems(
  items: readonly SitePortfolioItem[],
  filter: PortfolioFilter,
): SitePortfolioItem[] {
  const categories = portfolioFilters[filter];
  return items.filter((item) => categories.includes(item.category));
}

/**
 * The filter buttons for these projects, in their fixed order, each with the projects it shows:
 * All first, then only the filters that show at least one project.
 */
export function describeFilters(
  items: readonly SitePortfolioItem[],
): { name: PortfolioFilter; items: SitePortfolioItem[] }[] {
  return listFiltersInUse(items.map((item) => item.category)).map((name) => ({
    name,
    items: filterPortfolioItems(items, name),
  }));
}
