import { defineIsland } from '../../islands/define-island';
import { Counters, isCountersProps } from './counters';

export const island = defineIsland('counters', Counters, isCountersProps);
