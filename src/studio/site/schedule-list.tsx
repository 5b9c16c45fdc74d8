import type { SiteScheduleEntry } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { useStaffNames } from '../hooks/use-staff-names';
import { useStudioFormat } from '../lib/studio-format';
import type { ScheduleView } from './use-site-schedules';

const { schedule: copy } = siteCopy;
const LATE_AFTER_MINUTES = 1;

const STATE_TONES = {
  pending: 'text-ink',
  published: 'text-success',
  failed: 'text-danger',
  cancelled: 'text-ink-muted',
} as const;

function minutesLate(entry: SiteScheduleEntry): number {
  if (entry.state !== 'published' || entry.settledAt === null) return 0;
  return Math.round((Date.parse(entry.settledAt) - Date.parse(entry.at)) / 60_000);
}

/** Every scheduled publish in History: when, who, how it went, and why when it failed. */
export function ScheduleList({
  view,
  onCancel,
}: {
  view: ScheduleView;
  onCancel: (entry: SiteScheduleEntry) => void;
}) {
  const format = useStudioFormat();
  const nameOf = useStaffNames();
  const { schedules } = view;
  if (schedules === null || schedules.items.length === 0) return null;
  const { timeZone } = schedules;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{copy.listTitle}</h3>
      <ul className="divide-y divide-line rounded-2xl border border-line bg-paper-raised">
        {schedules.items.map((entry) => {
          const when = `${format.dateTime(entry.at)} (${timeZone})`;
          const late = minutesLate(entry);
          return (
            <li
              key={entry.id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="text-base font-semibold">
                  <time dateTime={entry.at}>{when}</time>
                  {' · '}
                  <span className={STATE_TONES[entry.state]}>{copy.states[entry.state]}</span>
                </p>
                <p className="break-words text-ink-muted">{copy.by(nameOf(entry.by))}</p>
                {entry.state === 'failed' && entry.reason !== null ? (
                  <p className="break-words text-danger">{entry.reason}</p>
                ) : null}
                {late > LATE_AFTER_MINUTES ? <p>{copy.late(late)}</p> : null}
              </div>
              {entry.state === 'pending' ? (
                <button
                  type="button"
                  aria-label={copy.cancelLabel(when)}
                  onClick={() => onCancel(entry)}
                  className={BUTTON.secondary}
                >
                  {copy.cancel}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
