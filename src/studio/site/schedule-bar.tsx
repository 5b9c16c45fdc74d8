import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import type { SiteScheduleEntry } from '../api/types';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { useStudioFormat } from '../lib/studio-format';
import { ScheduleForm } from './schedule-form';
import type { ScheduleView } from './use-site-schedules';

const { schedule: copy } = siteCopy;

type ScheduleBarProps = {
  view: ScheduleView;
  isDisabled: boolean;
  isBusy: boolean;
  onSchedule: (at: Date) => Promise<boolean>;
  onCancel: (entry: SiteScheduleEntry) => void;
};

/**
 * The toolbar's line about scheduled publishes: each pending one with Cancel, the latest one
 * when it failed (never silent), and "Publish at…", which opens the form in place.
 */
export function ScheduleBar({ view, isDisabled, isBusy, onSchedule, onCancel }: ScheduleBarProps) {
  const format = useStudioFormat();
  const [isOpen, setIsOpen] = useState(false);
  const { schedules } = view;
  if (schedules === null) return null;
  const { timeZone } = schedules;
  const when = (entry: SiteScheduleEntry) => `${format.dateTime(entry.at)} (${timeZone})`;
  const pending = schedules.items.filter((item) => item.state === 'pending');
  const [latest] = schedules.items;
  const formId = 'site-schedule-form';
  return (
    <div className="flex flex-col gap-2 pb-1">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={formId}
          disabled={isDisabled}
          onClick={() => setIsOpen(!isOpen)}
          className={`${BUTTON.quiet} inline-flex min-h-11 items-center gap-1 disabled:cursor-not-allowed disabled:opacity-60`}
        >
          <CalendarClock aria-hidden="true" className="size-4" />
          {copy.open}
        </button>
        {pending.map((entry) => (
          <p key={entry.id} className="flex flex-wrap items-center gap-x-2 font-medium">
            <span>{copy.pending(when(entry))}</span>
            <button
              type="button"
              aria-label={copy.cancelLabel(when(entry))}
              onClick={() => onCancel(entry)}
              className={`${BUTTON.quiet} inline-flex min-h-11 items-center`}
            >
              {copy.cancel}
            </button>
          </p>
        ))}
      </div>
      {latest?.state === 'failed' ? (
        <p className="text-sm font-medium text-danger">
          {copy.failed(when(latest), latest.reason ?? '')}
        </p>
      ) : null}
      {view.failure === null ? null : (
        <p className="text-sm font-medium text-danger">{view.failure}</p>
      )}
      <div id={formId} hidden={!isOpen}>
        {isOpen ? (
          <ScheduleForm
            timeZone={timeZone}
            isBusy={isBusy}
            onSchedule={onSchedule}
            onClose={() => setIsOpen(false)}
          />
        ) : null}
      </div>
    </div>
  );
}
