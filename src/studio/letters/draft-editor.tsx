import { useId } from 'react';
import { CONTROL_CLASS, FieldShell } from '../../components/field-shell';
import {
  LETTER_BODY_MAX,
  LETTER_PREVIEW_MAX,
  LETTER_SUBJECT_MAX,
  type Letter,
  type LetterSendStarted,
} from '../../../common/letters';
import { letterCopy, MARKDOWN_GUIDE } from './letters-copy';
import { LetterPreview } from './letter-preview';
import { SendActions } from './send-actions';
import { useLetterDraft, type LetterSaveState, type LetterWords } from './use-letter-draft';
import { useLetterPreview } from './use-letter-preview';

function saveWords(state: LetterSaveState): string {
  switch (state.kind) {
    case 'failed':
      return letterCopy.saveState.failed(state.reason);
    case 'notADraft':
      return letterCopy.saveState.notADraft;
    default:
      return letterCopy.saveState[state.kind];
  }
}

function MarkdownGuide() {
  return (
    <details className="rounded-2xl border border-line bg-paper-raised p-4 text-sm">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        {letterCopy.guideTitle}
      </summary>
      <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {MARKDOWN_GUIDE.map(({ write, get }) => (
          <div key={write} className="contents">
            <dt>
              <code className="break-words">{write}</code>
            </dt>
            <dd className="text-ink-muted max-sm:mb-2">{get}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type DraftEditorProps = {
  letter: Letter;
  onSent: (started: LetterSendStarted, at: Date | null, news: string, words: LetterWords) => void;
};

/**
 * A draft letter: its subject, preview line and body, saved as they are typed, beside the
 * email as an inbox would show it, and the ways to send it.
 */
export function DraftEditor({ letter, onSent }: DraftEditorProps) {
  const id = useId();
  const draft = useLetterDraft(letter);
  const { words } = draft;
  const preview = useLetterPreview(words);
  const isProblem = draft.state.kind === 'failed' || draft.state.kind === 'notADraft';

  return (
    <div className="flex flex-col gap-8">
      <form onSubmit={(event) => event.preventDefault()} className="flex flex-col gap-4">
        <FieldShell controlId={`${id}-subject`} label={letterCopy.subject}>
          <input
            id={`${id}-subject`}
            required
            maxLength={LETTER_SUBJECT_MAX}
            value={words.subject}
            onChange={(event) => draft.change('subject', event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <FieldShell controlId={`${id}-preview`} label={letterCopy.preview}>
          <input
            id={`${id}-preview`}
            maxLength={LETTER_PREVIEW_MAX}
            aria-describedby={`${id}-preview-hint`}
            value={words.preview}
            onChange={(event) => draft.change('preview', event.target.value)}
            className={CONTROL_CLASS}
          />
        </FieldShell>
        <p id={`${id}-preview-hint`} className="-mt-2 text-sm text-ink-muted">
          {letterCopy.previewHint}
        </p>
        <FieldShell controlId={`${id}-body`} label={letterCopy.body}>
          <textarea
            id={`${id}-body`}
            rows={14}
            maxLength={LETTER_BODY_MAX}
            aria-describedby={`${id}-body-hint`}
            value={words.body}
            onChange={(event) => draft.change('body', event.target.value)}
            className={`${CONTROL_CLASS} font-mono text-sm`}
          />
        </FieldShell>
        <p id={`${id}-body-hint`} className="-mt-2 text-sm text-ink-muted">
          {letterCopy.bodyHint}
        </p>
        <p
          role="status"
          data-save-state={draft.state.kind}
          className={`text-sm ${isProblem ? 'font-semibold text-danger' : 'text-ink-muted'}`}
        >
          {saveWords(draft.state)}
        </p>
      </form>
      <MarkdownGuide />
      <LetterPreview drawing={preview.last} problem={preview.problem} />
      <SendActions
        letterId={letter.id}
        flush={draft.flush}
        onSent={(started, at, news) => onSent(started, at, news, draft.words)}
      />
    </div>
  );
}
