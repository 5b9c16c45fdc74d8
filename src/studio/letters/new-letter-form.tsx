import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';
import { LETTER_SUBJECT_MAX } from '../../../common/letters';
import { createLetter } from '../api/letters-api';
import { BUTTON } from '../components/button-classes';
import { StatusLine } from '../components/status-line';
import { useAction } from '../hooks/use-action';
import { navigate } from '../routing/location-store';
import { hrefFor } from '../routing/studio-route';
import { lettersCopy } from './letters-copy';
import { describeLetterError } from './letter-errors';

/**
 * "New letter": its subject first, then the editor, where the rest is saved as it is typed.
 * Asking for the subject alone keeps the studio from filling the list with untitled drafts.
 */
export function NewLetterForm({ onClose }: { onClose: () => void }) {
  const id = useId();
  const subjectId = `${id}-subject`;
  const [subject, setSubject] = useState('');
  const creation = useAction(describeLetterError);
  const subjectField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    subjectField.current?.focus();
  }, []);

  async function start(event: FormEvent) {
    event.preventDefault();
    await creation.run(async () => {
      const { id: letterId } = await createLetter({ subject: subject.trim(), body: '' });
      navigate(hrefFor({ page: 'letter', id: letterId }));
      return '';
    });
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void start(event)}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-paper-raised p-4"
    >
      <h2 id={`${id}-title`} className="font-semibold">
        {lettersCopy.newLetterTitle}
      </h2>
      <FieldShell controlId={subjectId} label={lettersCopy.newSubject}>
        <input
          ref={subjectField}
          id={subjectId}
          required
          maxLength={LETTER_SUBJECT_MAX}
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          className={CONTROL_CLASS}
        />
      </FieldShell>
      <StatusLine status={creation.outcome?.tone === 'failed' ? creation.outcome : null} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={creation.isBusy} className={BUTTON.primary}>
          {creation.isBusy ? lettersCopy.starting : lettersCopy.start}
        </button>
        <button type="button" onClick={onClose} className={BUTTON.secondary}>
          {lettersCopy.close}
        </button>
      </div>
    </form>
  );
}
