import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toInstant } from '../lib/zoned-time';
import { BUTTON } from './button-classes';
import { StudioTimeFields, suggestedStudioTime } from './studio-time-fields';

type StudioTimeFormProps = {
  timeZone: string;
  /** The time's label names the studio's zone. */
  copy: { title: string; hint: string; date: string; time: string; submit: string; close: string };
  /** Why the chosen time will not do (null when the fields do not make one), or null. */
  check: (at: Date | null) => string | null;
  onChoose: (at: Date) => void | Promise<void>;
  onClose: () => void;
  /** Where the form stands in its page's outline. */
  heading: 'h2' | 'h3';
  /** The surface it is drawn on. */
  surface: 'bg-paper' | 'bg-paper-raised';
  /** While set, the choice is on its way: the button says so and cannot be pressed again. */
  busyLabel?: string | null;
  /** The date field takes the focus when the form opens. */
  focusOnOpen?: boolean;
};

/**
 * A time on the studio's clock, whatever the zone of the computer in use, so everyone on the team
 * means the same time: "Publish at…" and a letter's "Send at…". A time the check refuses is said
 * beside the fields, and nothing is chosen.
 */
export function StudioTimeForm({
  timeZone,
  copy,
  check,
  onChoose,
  onClose,
  heading: Heading,
  surface,
  busyLabel = null,
  focusOnOpen = false,
}: StudioTimeFormProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [wall, setWall] = useState(() => suggestedStudioTime(timeZone));
  const [error, setError] = useState<string | null>(null);
  const dateField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnOpen) dateField.current?.focus();
  }, [focusOnOpen]);

  async function choose(event: FormEvent) {
    event.preventDefault();
    const at = toInstant(wall, timeZone);
    const problem = check(at);
    setError(problem);
    if (problem === null && at !== null) await onChoose(at);
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void choose(event)}
      className={`flex flex-col gap-3 rounded-2xl border border-line ${surface} p-4`}
    >
      <Heading id={`${id}-title`} className="font-semibold">
        {copy.title}
      </Heading>
      <p id={hintId} className="text-sm text-ink-muted">
        {copy.hint}
      </p>
      <StudioTimeFields
        id={id}
        hintId={hintId}
        wall={wall}
        onChange={setWall}
        labels={{ date: copy.date, time: copy.time }}
        error={error}
        dateRef={dateField}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busyLabel !== null} className={BUTTON.primary}>
          {busyLabel ?? copy.submit}
        </button>
        <button type="button" onClick={onClose} className={BUTTON.secondary}>
          {copy.close}
        </button>
      </div>
    </form>
  );
}
