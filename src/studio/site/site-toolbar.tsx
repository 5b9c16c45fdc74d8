import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { SaveIndicator } from './save-indicator';
import type { SaveState } from './use-site-editor';

type SiteToolbarProps = {
  saveState: SaveState;
  busy: 'saving' | 'publishing' | 'restoring' | null;
  /** While a conflict waits for choices, nothing else is saved. */
  isLocked: boolean;
  onSave: () => void;
  onPreview: () => void;
  onPublish: () => void;
  /** The outcome of the last action: in the bar, so it is in view wherever the person is. */
  status: ReactNode;
};

/** Save draft, Preview and Publish, where the draft stands and what the last action did; stays in view. */
export function SiteToolbar(props: SiteToolbarProps) {
  const { saveState, busy, isLocked } = props;
  const isDisabled = busy !== null || isLocked;
  return (
    <div
      role="group"
      aria-label={siteCopy.actions}
      className="sticky top-0 z-10 -mx-5 flex flex-wrap items-center gap-2 border-b border-line bg-paper/95 px-5 py-3 backdrop-blur"
    >
      <button
        type="button"
        disabled={isDisabled}
        onClick={props.onSave}
        className={BUTTON.secondary}
      >
        {busy === 'saving' ? siteCopy.saving : siteCopy.saveDraft}
      </button>
      <button
        type="button"
        disabled={isDisabled}
        onClick={props.onPreview}
        aria-describedby="site-preview-hint"
        className={BUTTON.secondary}
      >
        {siteCopy.preview}
        <ExternalLink aria-hidden="true" className="size-4" />
      </button>
      <button
        type="button"
        disabled={isDisabled}
        onClick={props.onPublish}
        className={BUTTON.primary}
      >
        {busy === 'publishing' ? siteCopy.publishing : siteCopy.publish}
      </button>
      <div className="ml-auto">
        <SaveIndicator state={saveState} />
      </div>
      <div className="basis-full empty:hidden">{props.status}</div>
      <p id="site-preview-hint" className="sr-only">
        {siteCopy.previewHint}
      </p>
    </div>
  );
}
