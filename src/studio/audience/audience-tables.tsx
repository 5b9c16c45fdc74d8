import { useId, type ReactNode } from 'react';
import type { AudienceOutcome, AudienceReport, VitalSummary } from '../../../common/audience';
import type { LeadValue } from '../../../common/lead-value';
import { audienceCopy } from '../copy';
import type { StudioFormat } from '../../../common/studio-format';
import { useStudioFormat } from '../lib/studio-format';

const CELL = 'border-b border-line px-3 py-2 text-left';
const NUMBER = `${CELL} text-right tabular-nums`;

/** enquiries ÷ visitors, as a percentage with one decimal; a dash without visitors. */
export function conversionOf(enquiries: number, visitors: number): string {
  return visitors === 0 ? '–' : `${((enquiries / visitors) * 100).toFixed(1)}%`;
}

export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: { label: string; isNumber?: boolean }[];
  rows: ReactNode[][];
}) {
  const captionId = useId();
  return (
    // A wide table scrolls in its own box, never the page; the box takes focus so a keyboard
    // can scroll it too (WCAG 2.1.1), and is named after the table. A shadow at an edge says
    // there is more that way (studio.css).
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
      tabIndex={0}
      className="scroll-cue overflow-x-auto rounded-2xl border border-line"
    >
      <table className="w-full text-sm">
        <caption id={captionId} className="px-3 pt-3 text-left text-base font-semibold">
          {caption}
        </caption>
        <thead>
          <tr>
            {head.map(({ label, isNumber }) => (
              <th key={label} scope="col" className={isNumber ? NUMBER : CELL}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  // Long paths and campaign names wrap anywhere, short names never.
                  <th key={column} scope="row" className={`${CELL} min-w-32 font-normal break-all`}>
                    {cell}
                  </th>
                ) : (
                  <td key={column} className={head[column]?.isNumber ? NUMBER : CELL}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The columns a source and a campaign share: what they brought, and what became of it. */
const OUTCOME_HEAD = [
  { label: audienceCopy.totals.visitors, isNumber: true },
  { label: audienceCopy.totals.enquiries, isNumber: true },
  { label: audienceCopy.won, isNumber: true },
  { label: audienceCopy.wonValue, isNumber: true },
  { label: audienceCopy.lost, isNumber: true },
  { label: audienceCopy.conversion, isNumber: true },
  { label: audienceCopy.totals.subscribers, isNumber: true },
];

function outcomeCells(row: AudienceOutcome, format: StudioFormat): ReactNode[] {
  return [
    row.visitors,
    row.enquiries,
    row.won,
    formatValues(row.wonValue, format),
    row.lost,
    conversionOf(row.enquiries, row.visitors),
    row.subscribers,
  ];
}

/** Totals in several currencies side by side; a dash for none. */
function formatValues(values: readonly LeadValue[], format: StudioFormat): string {
  return values.length === 0
    ? '–'
    : values.map(({ amount, currency }) => format.money(amount, currency)).join(' + ');
}

/**
 * The sentence the Audience page exists for: which source brought the most money from won
 * leads in the range ("linkedin.com brought £12,000.00"), by the first currency's total.
 */
export function BestSourceLine({ report }: { report: AudienceReport }) {
  const format = useStudioFormat();
  const best = report.sources
    .filter((row) => row.wonValue.length > 0)
    .sort((a, b) => (b.wonValue[0]?.amount ?? 0) - (a.wonValue[0]?.amount ?? 0))[0];
  if (best === undefined) return <p className="text-ink-muted">{audienceCopy.noWonValue}</p>;
  return (
    <p className="text-lg font-semibold">
      {audienceCopy.brought(
        best.source,
        formatValues(best.wonValue, format),
        format.day(report.from),
        format.day(report.to),
      )}
    </p>
  );
}

/**
 * What each letter brought, one line a letter whose readers' enquiries were won with a value
 * ("The letter “Spring notes” brought £12,000.00 in won leads."), from the campaign its links
 * carry (utm_campaign = its slug, medium email).
 */
function LettersBroughtLines({ report }: { report: AudienceReport }) {
  const format = useStudioFormat();
  const letters = report.campaigns.filter((row) => row.letter !== null && row.wonValue.length > 0);
  if (letters.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1">
      {letters.map((row) => (
        <li key={row.letter?.slug}>
          {audienceCopy.letterBrought(
            row.letter?.subject ?? '',
            formatValues(row.wonValue, format),
          )}
        </li>
      ))}
    </ul>
  );
}

/** A campaign's name, and for a letter's, its subject as a link to the letter's page. */
function campaignCell(row: AudienceReport['campaigns'][number]): ReactNode {
  if (row.letter === null) return row.campaign ?? '–';
  return (
    <>
      {row.campaign} ({audienceCopy.letterCampaign}{' '}
      <a
        href={`/letters/${encodeURIComponent(row.letter.slug)}`}
        className="text-ember underline underline-offset-4"
      >
        {row.letter.subject}
      </a>
      )
    </>
  );
}

function formatVital(vital: VitalSummary): string {
  return vital.metric === 'CLS' ? vital.p75.toFixed(2) : `${Math.round(vital.p75)} ms`;
}

function VitalsTable({ caption, vitals }: { caption: string; vitals: VitalSummary[] }) {
  return (
    <DataTable
      caption={caption}
      head={[
        { label: audienceCopy.device },
        { label: audienceCopy.metric },
        { label: audienceCopy.p75, isNumber: true },
        { label: audienceCopy.good, isNumber: true },
        { label: audienceCopy.needsImprovement, isNumber: true },
        { label: audienceCopy.poor, isNumber: true },
        { label: audienceCopy.samples, isNumber: true },
      ]}
      rows={vitals.map((vital) => [
        vital.device,
        vital.metric,
        formatVital(vital),
        vital.good,
        vital.needsImprovement,
        vital.poor,
        vital.samples,
      ])}
    />
  );
}

/** Everything the chart shows and more, as tables every reader can reach. */
export function AudienceTables({ report }: { report: AudienceReport }) {
  const format = useStudioFormat();
  return (
    <div className="flex flex-col gap-6">
      <BestSourceLine report={report} />
      <LettersBroughtLines report={report} />
      <details className="rounded-2xl border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">
          {audienceCopy.tableToggle}
        </summary>
        <DataTable
          caption={audienceCopy.chartTitle}
          head={[
            { label: audienceCopy.day },
            { label: audienceCopy.totals.visitors, isNumber: true },
            { label: audienceCopy.totals.pageviews, isNumber: true },
            { label: audienceCopy.totals.enquiries, isNumber: true },
          ]}
          rows={report.series.map((day) => [
            format.day(day.date),
            day.visitors,
            day.pageviews,
            day.enquiries,
          ])}
        />
      </details>
      <DataTable
        caption={audienceCopy.sources}
        head={[{ label: audienceCopy.source }, ...OUTCOME_HEAD]}
        rows={report.sources.map((row) => [row.source, ...outcomeCells(row, format)])}
      />
      <DataTable
        caption={audienceCopy.campaigns}
        head={[
          { label: audienceCopy.campaign },
          { label: audienceCopy.source },
          { label: audienceCopy.medium },
          ...OUTCOME_HEAD,
        ]}
        rows={report.campaigns.map((row) => [
          campaignCell(row),
          row.source,
          row.medium ?? '–',
          ...outcomeCells(row, format),
        ])}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DataTable
          caption={audienceCopy.pages}
          head={[
            { label: audienceCopy.page },
            { label: audienceCopy.totals.pageviews, isNumber: true },
          ]}
          rows={report.pages.map((row) => [row.path, row.pageviews])}
        />
        <DataTable
          caption={audienceCopy.devices}
          head={[
            { label: audienceCopy.device },
            { label: audienceCopy.totals.visitors, isNumber: true },
          ]}
          rows={report.devices.map((row) => [row.device, row.visitors])}
        />
      </div>
      <section aria-labelledby="vitals-title" className="flex flex-col gap-3">
        <h2 id="vitals-title" className="text-lg font-semibold">
          {audienceCopy.vitals}
        </h2>
        <p className="text-sm text-ink-muted">{audienceCopy.vitalsNote}</p>
        <VitalsTable caption={audienceCopy.allOfRange} vitals={report.vitals} />
        <VitalsTable caption={audienceCopy.sinceLastPublish} vitals={report.vitalsSincePublish} />
        <VitalsTable caption={audienceCopy.beforeIt} vitals={report.vitalsBeforePublish} />
      </section>
    </div>
  );
}
