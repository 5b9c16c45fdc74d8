import type { StudioFormat } from '../../../common/studio-format';
import { siteCopy } from '../copy';
import { useStudioFormat } from '../lib/studio-format';
import type { SaveState } from './use-site-editor';

function wordsFor(state: SaveState, format: StudioFormat): string {
  switch (state.kind) {
    case 'saving':
      return siteCopy.saving;
    case 'failed':
      return state.reason;
    case 'unsaved':
      return siteCopy.unsaved;
    case 'saved':
      return siteCopy.savedAt(format.time(state.at));
    case 'unchanged':
      return siteCopy.allSaved;
  }
}

const TONES: Record<SaveState['kind'], string> = {
  saving: 'text-ink-muted',
  failed: 'text-danger',
  unsaved: 'text-ember',
  saved: 'text-ink-muted',
  unchanged: 'text-ink-muted',
};

/** Where the draft stands: "Saved 12:04", "Saving…", "Not saved: …" or "Unsaved changes". */
export function SaveIndicator({ state }: { state: SaveState }) {
  return (
    <p className={`text-sm font-semibold ${TONES[state.kind]}`} data-save-state={state.kind}>
      {wordsFor(state, useStudioFormat())}
    </p>
  );
}
