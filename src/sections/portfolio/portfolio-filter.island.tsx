import { defineIsland } from '../../islands/define-island';
import { FilteredPortfolio, isFilteredPortfolioProps } from './filtered-portfolio';

export const island = defineIsland('portfolio-filter', FilteredPortfolio, isFilteredPortfolioProps);
