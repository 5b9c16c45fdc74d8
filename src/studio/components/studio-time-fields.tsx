import type { Ref } from 'react';
import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { toWallTime, type WallTime } from '../lib/zoned-time';

const HOUR = 60 * 60 * 1000;

/** The next full hour, at least half an hour away, on the studio's clock: a sensible first choice. */
export function suggestedStudioTime(timeZone: string): WallTime {
  return toWallTime(new Date(Math.ceil((Date.now() + HOUR / 2) / HOUR) * HOUR), timeZone);
}

type StudioTimeFieldsProps = {
  /** The form's own id: the fields' ids are made from it. */
  id: string;
  /** The id of the sentence that says which clock the time is on. */
  hintId: string;
  wall: WallTime;
  onChange: (wall: WallTime) => void;
  labels: { date: string; time: string };
  error: string | null;
  dateRef?: Ref<HTMLInputElement>;
};

/**
 * A date and a time on the studio's clock (named in the time's label), whatever the zone of the
 * computer in use: the fields of StudioTimeForm.
 */
export function StudioTimeFields({
  id,
  hintId,
  wall,
  onChange,
  labels,
  error,
  dateRef,
}: StudioTimeFieldsProps) {
  const dateId = `${id}-date`;
  const timeId = `${id}-time`;
  const describedBy = error ? `${hintId} ${errorIdFor(timeId)}` : hintId;
  return (
    <div className="flex flex-wrap gap-3">
      <FieldShell controlId={dateId} label={labels.date}>
        <input
          ref={dateRef}
          id={dateId}
          type="date"
          required
          value={wall.date}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange({ ...wall, date: event.target.value })}
          className={CONTROL_CLASS}
        />
      </FieldShell>
      <FieldShell controlId={timeId} label={labels.time} error={error ?? undefined}>
        <input
          id={timeId}
          type="time"
          required
          step={60}
          value={wall.time}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange({ ...wall, time: event.target.value })}
          className={CONTROL_CLASS}
        />
      </FieldShell>
    </div>
  );
}
