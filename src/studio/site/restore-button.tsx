import { BUTTON } from '../components/button-classes';
import { ConfirmRemoval } from '../components/confirm-removal';
import { siteCopy } from '../copy';

type RestoreButtonProps = {
  when: string;
  /** Edits in the form not yet saved: a restore would replace them, and they are not kept. */
  isDirty: boolean;
  /** A saved draft that is not the page: a restore keeps it in the history, and says so. */
  hasUnpublishedDraft: boolean;
  isBusy: boolean;
  onRestore: () => void;
};

const { history } = siteCopy;

/**
 * Restore makes an old version the draft. With unsaved edits, or a draft that differs from the
 * page, it asks first, in place: nothing is replaced without the person saying so.
 */
export function RestoreButton({
  when,
  isDirty,
  hasUnpublishedDraft,
  isBusy,
  onRestore,
}: RestoreButtonProps) {
  if (isDirty || hasUnpublishedDraft) {
    return (
      <ConfirmRemoval
        label={history.restore}
        accessibleLabel={history.restoreLabel(when)}
        question={isDirty ? history.confirm(when) : history.confirmReplace}
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
