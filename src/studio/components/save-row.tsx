import { BUTTON } from './button-classes';
import { StatusLine, type StatusMessage } from './status-line';

export type SaveRowProps = {
  isSaving: boolean;
  status: StatusMessage;
  copy: { save: string; saving: string };
};

/** The button of a form saved whole, and the line that says how the save went (it takes focus). */
export function SaveRow({ isSaving, status, copy }: SaveRowProps) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={isSaving} className={BUTTON.primary}>
        {isSaving ? copy.saving : copy.save}
      </button>
      <StatusLine status={status} takesFocus />
    </div>
  );
}
