/** The portfolio's fixed categories: a project belongs to exactly one. */
export const PORTFOLIO_CATEGORIES = [
  'Web Design',
  'Graphic Design',
  'Packaging',
  'Social Media',
  'Branding',
  'UI/UX Design',
  'Mobile Design',
  'Marketing',
] as const;

export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/** The filter buttons, in display order. */
export const PORTFOLIO_FILTERS = [
  'All',
  'Web Design',
  'Graphic Design',
  'Branding',
  'Marketing',
  'Packaging',
] as const;

export type PortfolioFilter = (typeof PORTFOLIO_FILTERS)[number];

/** Each filter button shows a group of categories, so every item is reachable from a filter. */
export const portfolioFilters: Record<PortfolioFilter, readonly PortfolioCategory[]> = {
  All: PORTFOLIO_CATEGORIES,
  'Web Design': ['Web Design', 'UI/UX Design', 'Mobile Design'],
  'Graphic Design': ['Graphic Design'],
  Branding: ['Branding'],
  Marketing: ['Marketing', 'Social Media'],
  Packaging: ['Packaging'],
};

/**
 * The filters worth showing for the projects on the page: All, then each filter that would
 * show at least one of them, so no button ever leads to an empty grid.
 */
export function listFiltersInUse(categories: Iterable<PortfolioCategory>): PortfolioFilter[] {
  const inUse = new Set(categories);
  return PORTFOLIO_FILTERS.filter(
    (filter) =>
      filter === 'All' || portfolioFilters[filter].some((category) => inUse.has(category)),
  );
}
