import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTROL_CLASS, errorIdFor, FieldShell } from '../../components/field-shell';
import { BUTTON } from '../components/button-classes';
import { toInstant, toWallTime, type WallTime } from '../lib/zoned-time';
import { letterCopy } from './letters-copy';

const HOUR = 60 * 60 * 1000;

/** The next full hour, at least half an hour away: a sensible first choice. */
function suggestedTime(timeZone: string): WallTime {
  return toWallTime(new Date(Math.ceil((Date.now() + HOUR / 2) / HOUR) * HOUR), timeZone);
}

type SendTimeFormProps = {
  timeZone: string;
  onChoose: (at: Date) => void;
  onClose: () => void;
};

/**
 * "Send at…": a date and a time on the studio's clock (named beside the field), whatever the
 * zone of the computer in use, as the site's scheduled publish asks for one.
 */
export function SendTimeForm({ timeZone, onChoose, onClose }: SendTimeFormProps) {
  const id = useId();
  const dateId = `${id}-date`;
  const timeId = `${id}-time`;
  const hintId = `${id}-hint`;
  const [wall, setWall] = useState(() => suggestedTime(timeZone));
  const [error, setError] = useState<string | null>(null);
  const dateField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    dateField.current?.focus();
  }, []);

  function choose(event: FormEvent) {
    event.preventDefault();
    const at = toInstant(wall, timeZone);
    const problem =
      at === null
        ? letterCopy.missingTime
        : at.getTime() <= Date.now()
          ? letterCopy.pastTime
          : null;
    setError(problem);
    if (problem === null && at !== null) onChoose(at);
  }

  const describedBy = error ? `${hintId} ${errorIdFor(timeId)}` : hintId;
  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={choose}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-paper p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {letterCopy.scheduleTitle}
      </h3>
      <p id={hintId} className="text-sm text-ink-muted">
        {letterCopy.scheduleHint(timeZone)}
      </p>
      <div className="flex flex-wrap gap-3">
        <FieldShell controlId={dateId} label={letterCopy.date}>
          <input
            ref={dateField}
            id={dateId}
            type="date"
            required
            value={wall.date}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setWall({ ...wall, date: event.target.value })}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <FieldShell controlId={timeId} label={letterCopy.time(timeZone)} error={error ?? undefined}>
          <input
            id={timeId}
            type="time"
            required
            step={60}
            value={wall.time}
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setWall({ ...wall, time: event.target.value })}
            className={CONTROL_CLASS}
          />
        </FieldShell>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={BUTTON.primary}>
          {letterCopy.schedule}
        </button>
        <button type="button" onClick={onClose} className={BUTTON.secondary}>
          {letterCopy.notYet}
        </button>
      </div>
    </form>
  );
}
