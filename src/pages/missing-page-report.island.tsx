import { defineIsland } from '../islands/define-island';
import { MissingPageReport, isMissingPageReportProps } from './missing-page-report';

export const island = defineIsland(
  'missing-page-report',
  MissingPageReport,
  isMissingPageReportProps,
);
