import type { AudienceOutcome, AudienceReport } from '../../common/audience';
import { csvCell } from '../export/csv';

const OUTCOME_MEASURES = [
  'visitors',
  'enquiries',
  'won',
  'lost',
  'subscribers',
] as const satisfies readonly (keyof AudienceOutcome)[];

/**
 * The report as one long CSV table, `section,name,measure,value`, so every part of it (totals,
 * days, sources, campaigns, pages, devices, Web Vitals, publishes) fits one sheet a
 * spreadsheet can pivot.
 */
export function reportToCsv(report: AudienceReport): string {
  const rows: (string | number)[][] = [['section', 'name', 'measure', 'value']];
  for (const [measure, value] of Object.entries(report.totals))
    rows.push(['total', '', measure, value]);
  for (const day of report.series) {
    for (const measure of ['visitors', 'pageviews', 'enquiries'] as const) {
      rows.push(['day', day.date, measure, day[measure]]);
    }
  }
  const outcomeRows = (section: string, name: string, row: AudienceOutcome) => {
    for (const measure of OUTCOME_MEASURES) rows.push([section, name, measure, row[measure]]);
    // One measure per currency (`wonValue GBP`), so the value column stays a number.
    for (const { amount, currency } of row.wonValue) {
      rows.push([section, name, `wonValue ${currency}`, amount]);
    }
  };
  for (const row of report.sources) outcomeRows('source', row.source, row);
  for (const row of report.campaigns) {
    outcomeRows('campaign', [row.source, row.medium ?? '', row.campaign ?? ''].join(' / '), row);
  }
  for (const page of report.pages) rows.push(['page', page.path, 'pageviews', page.pageviews]);
  for (const device of report.devices)
    rows.push(['device', device.device, 'visitors', device.visitors]);
  for (const vital of report.vitals) {
    const name = `${vital.device} ${vital.metric}`;
    for (const measure of ['p75', 'good', 'needsImprovement', 'poor', 'samples'] as const) {
      rows.push(['vital', name, measure, vital[measure]]);
    }
  }
  for (const publish of report.publishes) {
    rows.push(['publish', publish.at, publish.by ?? '', publish.summary]);
  }
  return (
    rows.map((row) => row.map((cell) => csvCell(String(cell))).join(',')).join('\r\n') + '\r\n'
  );
}
