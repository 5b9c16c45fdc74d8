import { useId, useRef, type FormEvent } from 'react';
import { LEAD_LIMITS, type LeadNote } from '../../../common/leads';
import { CONTROL_CLASS } from '../../components/field-shell';
import { addNote } from '../api/lead-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { useFocusAfterRender } from '../hooks/use-focus-after-render';
import { useStaffNames } from '../hooks/use-staff-names';
import { useWordsTypedBeforeTheApp } from '../hooks/use-words-typed-before-the-app';
import { notesCopy } from '../lead-copy';
import { useStudioFormat } from '../lib/studio-format';
import { DraftStatus } from './draft-status';
import type { LeadDraftField } from './use-lead-draft';

type NotesPanelProps = {
  enquiryId: string;
  notes: readonly LeadNote[];
  /** The note as typed so far, kept on the server until it is added or discarded. */
  draft: LeadDraftField;
  onAdded: (note: LeadNote) => void;
};

/** The studio's private notes on a lead, oldest first, each with who wrote it and when. */
export function NotesPanel({ enquiryId, notes, draft, onAdded }: NotesPanelProps) {
  const format = useStudioFormat();
  const nameOf = useStaffNames();
  const id = useId();
  const { text } = draft;
  const box = useRef<HTMLTextAreaElement>(null);
  useWordsTypedBeforeTheApp(box, text, draft.change);
  const adding = useAction();
  const [statusLine, focusStatusLine] = useFocusAfterRender<HTMLParagraphElement>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const added = await adding.run(async () => {
      onAdded(await addNote(enquiryId, text));
      return notesCopy.added;
    });
    if (added) void draft.discard();
    focusStatusLine();
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-paper-raised p-5"
    >
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {notesCopy.title}
        </h2>
        <p className="text-sm text-ink-muted">{notesCopy.intro}</p>
      </div>
      {notes.length === 0 ? (
        <p className="text-ink-muted">{notesCopy.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-xl bg-paper-sunk px-4 py-3">
              <p className="text-sm text-ink-muted">
                <span className="font-semibold text-ink break-words">{nameOf(note.by)}</span> ·{' '}
                <time dateTime={note.at}>{format.dateTime(note.at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold">
          {notesCopy.label}
        </label>
        <textarea
          ref={box}
          id={`${id}-text`}
          rows={3}
          required
          maxLength={LEAD_LIMITS.noteLength}
          value={text}
          onChange={(event) => draft.change(event.target.value)}
          className={CONTROL_CLASS}
        />
        <DraftStatus
          state={draft.state}
          hasText={text !== ''}
          onDiscard={() => void draft.discard()}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={adding.isBusy} className={BUTTON.secondary}>
            {adding.isBusy ? notesCopy.adding : notesCopy.add}
          </button>
          <StatusLine ref={statusLine} status={adding.outcome} />
        </div>
      </form>
    </section>
  );
}
