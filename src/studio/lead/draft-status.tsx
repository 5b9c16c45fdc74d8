import { Trash2 } from 'lucide-react';
import { BUTTON } from '../components/button-classes';
import { draftCopy } from '../lead-copy';
import type { DraftState } from './use-lead-draft';

function wordsFor(state: DraftState): string {
  switch (state.kind) {
    case 'saving':
      return draftCopy.saving;
    case 'saved':
      return draftCopy.saved;
    case 'unsaved':
      return draftCopy.unsaved;
    case 'failed':
      return draftCopy.failed(state.reason);
    case 'signedOut':
      return draftCopy.signedOut;
  }
}

type DraftStatusProps = {
  state: DraftState;
  /** Whether there are words to discard. */
  hasText: boolean;
  onDiscard: () => void;
};

/**
 * Where a half-written reply or note stands ("Draft saved", "Saving draft…", "Draft not
 * saved: …"), and the person's way to throw it away. Quiet while all is well; a failure is
 * said aloud once.
 */
export function DraftStatus({ state, hasText, onDiscard }: DraftStatusProps) {
  if (!hasText && state.kind === 'saved') return null;
  const isProblem = state.kind === 'failed' || state.kind === 'signedOut';
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p
        role={isProblem ? 'alert' : undefined}
        data-draft-state={state.kind}
        className={`text-sm ${isProblem ? 'font-semibold text-danger' : 'text-ink-muted'}`}
      >
        {wordsFor(state)}
      </p>
      {hasText ? (
        <button
          type="button"
          onClick={onDiscard}
          className={`${BUTTON.quiet} inline-flex min-h-11 items-center gap-2`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {draftCopy.discard}
        </button>
      ) : null}
    </div>
  );
}
