import { BUTTON } from '../components/button-classes';
import { ConfirmRemoval } from '../components/confirm-removal';
import { siteCopy } from '../copy';

type RestoreButtonProps = {
  when: string;
  isDirty: boolean;
  isBusy: boolean;
  onRestore: () => void;
};

const { history } = siteCopy;

/**
 * Restore makes an old version the draft. With unsaved edits it asks first, in place: they
 * would be replaced, and nothing is lost without the person saying so.
 */
export function RestoreButton({ when, isDirty, isBusy, onRestore }: RestoreButtonProps) {
  if (isDirty) {
    return (
      <ConfirmRemoval
        label={history.restore}
        accessibleLabel={history.restoreLabel(when)}
        question={history.confirm(when)}
        confirmLabel={history.confirmYes}
        cancelLabel={history.confirmNo}
        isBusy={isBusy}
        onConfirm={onRestore}
      />
    );
  }
  return (
    <button
      type="button"
      aria-label={history.restoreLabel(when)}
      disabled={isBusy}
      onClick={onRestore}
      className={BUTTON.secondary}
    >
      {history.restore}
    </button>
  );
}
