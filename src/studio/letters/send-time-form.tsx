import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BUTTON } from '../components/button-classes';
import { StudioTimeFields, suggestedStudioTime } from '../components/studio-time-fields';
import { toInstant } from '../lib/zoned-time';
import { letterCopy } from './letters-copy';

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
  const hintId = `${id}-hint`;
  const [wall, setWall] = useState(() => suggestedStudioTime(timeZone));
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
      <StudioTimeFields
        id={id}
        hintId={hintId}
        wall={wall}
        onChange={setWall}
        labels={{ date: letterCopy.date, time: letterCopy.time(timeZone) }}
        error={error}
        dateRef={dateField}
      />
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
