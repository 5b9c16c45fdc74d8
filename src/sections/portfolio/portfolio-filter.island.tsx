import { defineIsland } from '../../islands/define-island';
import { PortfolioFilter, isPortfolioFilterProps } from './portfolio-filter';

export const island = defineIsland('portfolio-filter', PortfolioFilter, isPortfolioFilterProps);
