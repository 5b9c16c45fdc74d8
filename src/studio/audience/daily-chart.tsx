import { useCallback, useState, type RefCallback } from 'react';
import type { AudienceReport } from '../../../common/audience';
import { audienceCopy } from '../copy';
import { useStudioFormat } from '../lib/studio-format';

/** The drawing's width before the page is measured; then it is the box's own, in CSS pixels. */
const FIRST_WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 36 };

/** A round ceiling for the axis: 1, 2, 5, 10, 20, 50… at or above `value`. */
function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/**
 * The width of the element `ref` is given to, followed as it changes. The chart draws in CSS
 * pixels rather than scaling one drawing down: on a phone, an axis label stays 11 px tall.
 */
function useBoxWidth(initial: number): [RefCallback<HTMLElement>, number] {
  const [width, setWidth] = useState(initial);
  const ref = useCallback((element: HTMLElement | null) => {
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Visitors (a line with an area) and enquiries (bars) per day, with each publish marked by a
 * line whose mark can be hovered or focused to read who published and what changed. Plain
 * SVG: the studio loads no chart library. The picture is named by a summary; the numbers are
 * in the table that follows it.
 */
/**
 * The publishes of one day share one marker, at the day's last: two 44 px buttons a few
 * minutes apart would cover each other, and a finger could reach neither.
 */
function publishesByDay<Publish extends { at: string }>(
  publishes: readonly Publish[],
): Publish[][] {
  const days = new Map<string, Publish[]>();
  for (const publish of [...publishes].sort((a, b) => a.at.localeCompare(b.at))) {
    const day = publish.at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), publish]);
  }
  return [...days.values()];
}

export function DailyChart({
  report,
  nameOf,
}: {
  report: AudienceReport;
  /** Who published, by name (the report gives their address). */
  nameOf: (email: string) => string;
}) {
  const format = useStudioFormat();
  const [box, width] = useBoxWidth(FIRST_WIDTH);
  const days = report.series;
  const top = niceCeiling(Math.max(1, ...days.map((day) => Math.max(day.visitors, day.enquiries))));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(1, days.length);
  const xOf = (index: number) => PAD.left + step * (index + 0.5);
  const yOf = (value: number) => PAD.top + plotHeight * (1 - value / top);
  const line = days.map((day, index) => `${xOf(index)},${yOf(day.visitors)}`).join(' ');
  const start = Date.parse(`${report.from}T00:00:00Z`);
  const xOfTime = (iso: string) => PAD.left + ((Date.parse(iso) - start) / 86_400_000) * step;
  const labelEvery = Math.ceil(days.length / 7);

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center gap-4 text-sm text-ink-muted">
        <span className="font-semibold text-ink">{audienceCopy.chartTitle}</span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-ember" />
          {audienceCopy.legendVisitors}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 bg-ink/60" />
          {audienceCopy.legendEnquiries}
        </span>
      </figcaption>
      <div ref={box} className="relative">
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="h-auto w-full overflow-visible"
          role="img"
          aria-label={audienceCopy.chartSummary(
            report.totals.visitors,
            report.totals.enquiries,
            days.length,
            report.publishes.length,
          )}
        >
          {[0, top / 2, top].map((value) => (
            <g key={value}>
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={yOf(value)}
                y2={yOf(value)}
                className="stroke-line"
              />
              <text
                x={PAD.left - 6}
                y={yOf(value) + 4}
                textAnchor="end"
                className="fill-ink-muted text-[11px]"
              >
                {value}
              </text>
            </g>
          ))}
          {days.map((day, index) => (
            <rect
              key={day.date}
              x={xOf(index) - Math.min(10, step / 4)}
              width={Math.min(20, step / 2)}
              y={yOf(day.enquiries)}
              height={plotHeight + PAD.top - yOf(day.enquiries)}
              className="fill-ink/60"
            />
          ))}
          <polyline points={line} fill="none" strokeWidth={2.5} className="stroke-ember" />
          {days.map((day, index) =>
            index % labelEvery === 0 ? (
              <text
                key={day.date}
                x={xOf(index)}
                y={HEIGHT - 8}
                textAnchor="middle"
                className="fill-ink-muted text-[11px]"
              >
                {format.shortDay(day.date)}
              </text>
            ) : null,
          )}
          {report.publishes.map((publish) => (
            <line
              key={publish.at}
              x1={xOfTime(publish.at)}
              x2={xOfTime(publish.at)}
              y1={PAD.top}
              y2={PAD.top + plotHeight}
              strokeDasharray="4 3"
              className="stroke-ink"
            />
          ))}
        </svg>
        {publishesByDay(report.publishes).map((sameDay) => {
          const label = sameDay
            .map(
              (publish) =>
                `${format.dateTime(publish.at)}. ${audienceCopy.publishMark(publish.by === null ? audienceCopy.seed : nameOf(publish.by), publish.summary)}`,
            )
            .join(' ');
          const last = sameDay[sameDay.length - 1]?.at ?? '';
          return (
            <button
              key={last}
              type="button"
              aria-label={label}
              className="group absolute top-0 size-11 -translate-x-1/2 rounded-full focus:outline-2 focus:outline-ember"
              style={{ left: `${(xOfTime(last) / width) * 100}%` }}
            >
              <span aria-hidden="true" className="mx-auto block size-3 rotate-45 bg-ink" />
              <span
                role="tooltip"
                className="pointer-events-none absolute top-11 left-1/2 z-10 hidden w-60 -translate-x-1/2 rounded-lg border border-line bg-paper-raised p-2 text-left text-xs text-ink shadow group-hover:block group-focus:block"
              >
                {label}
              </span>
            </button>
          );
        })}
      </div>
    </figure>
  );
}
