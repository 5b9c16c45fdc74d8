import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { BUTTON } from '../components/button-classes';
import { siteCopy } from '../copy';
import { SaveIndicator } from './save-indicator';
import type { Busy, SaveState } from './use-site-editor';

type SiteToolbarProps = {
  saveState: SaveState;
  busy: Busy;
  /** While a conflict waits for choices, nothing else is saved. */
  isLocked: boolean;
  onSave: () => void;
  onPreview: () => void;
  onPublish: () => void;
  /** The outcome of the last action: in the bar, so it is in view wherever the person is. */
  status: ReactNode;
  /** Publish at…, and the scheduled publishes: pending, or the latest when it failed. */
  schedule: ReactNode;
  /** The section menu, in view with the actions. */
  menu: ReactNode;
};

/** Save draft, Preview and Publish, where the draft stands and what the last action did; stays in view. */
export function SiteToolbar(props: SiteToolbarProps) {
  const { saveState, busy, isLocked } = props;
  const isDisabled = busy !== null || isLocked;
  return (
    <div className="sticky top-0 z-10 -mx-5 flex flex-col gap-1 border-b border-line bg-paper/95 px-5 pt-3 pb-1 backdrop-blur">
      <div
        role="group"
        aria-label={siteCopy.actions}
        className="flex flex-wrap items-center gap-x-2 gap-y-1"
      >
        {/* The three actions stay on one row, even on a phone. */}
        <div className="flex gap-2">
          <button
            type="button"
            disabled={isDisabled}
            onClick={props.onSave}
            className={`${BUTTON.secondary} max-sm:px-3`}
          >
            {busy === 'saving' ? siteCopy.saving : siteCopy.saveDraft}
          </button>
          <button
            type="button"
            disabled={isDisabled}
            onClick={props.onPreview}
            aria-describedby="site-preview-hint"
            className={`${BUTTON.secondary} max-sm:px-3`}
          >
            {siteCopy.preview}
            <ExternalLink aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            disabled={isDisabled}
            onClick={props.onPublish}
            className={`${BUTTON.primary} max-sm:px-4`}
          >
            {busy === 'publishing' ? siteCopy.publishing : siteCopy.publish}
          </button>
        </div>
        <div className="ml-auto">
          <SaveIndicator state={saveState} />
        </div>
        <div className="basis-full empty:hidden">{props.status}</div>
        <p id="site-preview-hint" className="sr-only">
          {siteCopy.previewHint}
        </p>
      </div>
      {/* On a phone "Publish at…" and the section menu share a row, so the bar covers at most
          a fifth of the screen; the menu scrolls sideways in what is left of it. */}
      <div className="flex flex-col gap-1 max-sm:flex-row max-sm:flex-wrap max-sm:items-start max-sm:gap-x-2">
        {props.schedule}
        <div className="max-sm:min-w-0 max-sm:flex-1 max-sm:basis-40 max-sm:overflow-hidden">
          {props.menu}
        </div>
      </div>
    </div>
  );
}
