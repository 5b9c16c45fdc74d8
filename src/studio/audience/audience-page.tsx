import { useState, type FormEvent } from 'react';
import { audienceExportHref, getAudience } from '../api/studio-api';
import { BUTTON } from '../components/button-classes';
import { PageHeading } from '../components/page-heading';
import { audienceCopy } from '../copy';
import { useApiData } from '../hooks/use-api-data';
import { useStaffNames } from '../hooks/use-staff-names';
import { AudienceTables, conversionOf } from './audience-tables';
import { DailyChart } from './daily-chart';

type Preset = 'today' | 'week' | 'month';
const PRESET_DAYS: Record<Preset, number> = { today: 1, week: 7, month: 30 };
const DAY_MS = 86_400_000;

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

function rangeOf(preset: Preset): { from: string; to: string } {
  const now = Date.now();
  return { from: utcDay(now - (PRESET_DAYS[preset] - 1) * DAY_MS), to: utcDay(now) };
}

function isGoodRange(from: string, to: string): boolean {
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  return days >= 1 && days <= 366;
}

/** The Audience page: visitors, enquiries, sources, devices and real-user speed for a range. */
export function AudiencePage() {
  const [range, setRange] = useState(() => rangeOf('week'));
  const [custom, setCustom] = useState(range);
  const [isBadRange, setIsBadRange] = useState(false);
  const nameOf = useStaffNames();
  const { data } = useApiData(`${range.from}:${range.to}`, (signal) =>
    getAudience(range.from, range.to, signal),
  );

  function showCustom(event: FormEvent) {
    event.preventDefault();
    const isGood = isGoodRange(custom.from, custom.to);
    setIsBadRange(!isGood);
    if (isGood) setRange(custom);
  }

  const report = data.state === 'ready' ? data.data : null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeading title={audienceCopy.title} />
      <p className="text-ink-muted">{audienceCopy.intro}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={audienceCopy.range} className="flex flex-wrap gap-2">
          {(Object.keys(PRESET_DAYS) as Preset[]).map((preset) => {
            const presetRange = rangeOf(preset);
            const isCurrent = presetRange.from === range.from && presetRange.to === range.to;
            return (
              <button
                key={preset}
                type="button"
                aria-pressed={isCurrent}
                className={isCurrent ? BUTTON.primary : BUTTON.secondary}
                onClick={() => setRange(presetRange)}
              >
                {audienceCopy.ranges[preset]}
              </button>
            );
          })}
        </div>
        <form
          onSubmit={showCustom}
          className="flex flex-wrap items-end gap-2"
          aria-label={audienceCopy.ranges.custom}
        >
          <label className="flex flex-col text-sm font-semibold">
            {audienceCopy.from}
            <input
              type="date"
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              className="min-h-11 rounded-lg border border-ink/25 bg-paper px-2 font-normal"
            />
          </label>
          <label className="flex flex-col text-sm font-semibold">
            {audienceCopy.to}
            <input
              type="date"
              value={custom.to}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              className="min-h-11 rounded-lg border border-ink/25 bg-paper px-2 font-normal"
            />
          </label>
          <button type="submit" className={BUTTON.secondary}>
            {audienceCopy.show}
          </button>
        </form>
        <a
          href={audienceExportHref(range.from, range.to)}
          className={`${BUTTON.quiet} min-h-11 content-center`}
        >
          {audienceCopy.exportCsv}
        </a>
      </div>
      {isBadRange ? (
        <p role="alert" className="text-danger">
          {audienceCopy.badRange}
        </p>
      ) : null}
      {data.state === 'loading' ? <p role="status">{audienceCopy.loading}</p> : null}
      {data.state === 'failed' ? (
        <p role="alert" className="text-danger">
          {data.message}
        </p>
      ) : null}
      {report ? (
        <>
          <dl
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
            data-testid="audience-totals"
          >
            {(
              [
                [audienceCopy.totals.visitors, report.totals.visitors],
                [audienceCopy.totals.pageviews, report.totals.pageviews],
                [audienceCopy.totals.enquiries, report.totals.enquiries],
                [audienceCopy.totals.subscribers, report.totals.subscribers],
                [
                  audienceCopy.totals.conversion,
                  conversionOf(report.totals.enquiries, report.totals.visitors),
                ],
                [audienceCopy.totals.filtered, report.totals.filtered],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-2xl border border-line bg-paper-raised p-4">
                <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
                <dd className="font-display text-2xl font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <DailyChart report={report} nameOf={nameOf} />
          <AudienceTables report={report} />
          <p className="text-sm text-ink-muted">{audienceCopy.privacy}</p>
        </>
      ) : null}
    </div>
  );
}
