import { useId, useState, type FormEvent } from 'react';
import { BUTTON } from '../components/button-classes';
import { StudioTimeFields, suggestedStudioTime } from '../components/studio-time-fields';
import { siteCopy } from '../copy';
import { toInstant } from '../lib/zoned-time';

const { schedule: copy } = siteCopy;
const HOUR = 60 * 60 * 1000;
/** The server refuses further than this (a year and a day), so the form says so first. */
const MAX_AHEAD_MS = 366 * 24 * HOUR;

type ScheduleFormProps = {
  timeZone: string;
  isBusy: boolean;
  /** Resolves true once scheduled; the form then closes. */
  onSchedule: (at: Date) => Promise<boolean>;
  onClose: () => void;
};

function checkTime(at: Date | null): string | null {
  if (at === null) return copy.missing;
  if (at.getTime() <= Date.now()) return copy.past;
  if (at.getTime() - Date.now() > MAX_AHEAD_MS) return copy.tooFar;
  return null;
}

/**
 * "Publish at…": a date and a time on the studio's clock (STUDIO_TIME_ZONE, named beside the
 * field), whatever the zone of the computer in use, so everyone on the team means the same time.
 */
export function ScheduleForm({ timeZone, isBusy, onSchedule, onClose }: ScheduleFormProps) {
  const id = useId();
  const [wall, setWall] = useState(() => suggestedStudioTime(timeZone));
  const [error, setError] = useState<string | null>(null);
  const hintId = `${id}-hint`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const at = toInstant(wall, timeZone);
    const problem = checkTime(at);
    setError(problem);
    if (problem === null && at !== null && (await onSchedule(at))) onClose();
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-raised p-4"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {copy.title}
      </h2>
      <p id={hintId} className="text-sm text-ink-muted">
        {copy.hint(timeZone)}
      </p>
      <StudioTimeFields
        id={id}
        hintId={hintId}
        wall={wall}
        onChange={setWall}
        labels={{ date: copy.date, time: copy.time(timeZone) }}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={isBusy} className={BUTTON.primary}>
          {isBusy ? copy.scheduling : copy.submit}
        </button>
        <button type="button" onClick={onClose} className={BUTTON.secondary}>
          {copy.close}
        </button>
      </div>
    </form>
  );
}
