import { defineIsland } from '../../islands/define-island';
import { SiteHeader, isSiteHeaderProps } from './site-header';

export const island = defineIsland('site-header', SiteHeader, isSiteHeaderProps);
