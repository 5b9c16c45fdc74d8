import { useId } from 'react';
import { useQuestionInPlace } from '../hooks/use-question-in-place';
import { BUTTON } from './button-classes';

type ConfirmRemovalProps = {
  /** The button's visible word and its full accessible name (which thing it removes). */
  label: string;
  accessibleLabel: string;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  isBusy: boolean;
  onConfirm: () => void;
};

/**
 * A removal asks first, in place: the button becomes the question with "Yes" and "Keep".
 * Focus moves to "Yes" when asked and back to the button when kept.
 */
export function ConfirmRemoval(props: ConfirmRemovalProps) {
  const questionId = useId();
  const { isAsking, answerRef, openerRef, ask, setAside } = useQuestionInPlace<
    HTMLButtonElement,
    HTMLButtonElement
  >();

  if (!isAsking) {
    return (
      <button
        ref={openerRef}
        type="button"
        aria-label={props.accessibleLabel}
        onClick={ask}
        className={BUTTON.danger}
      >
        {props.label}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={questionId} className="flex flex-wrap items-center gap-2">
      <p id={questionId} className="w-full text-sm font-medium">
        {props.question}
      </p>
      <button
        ref={answerRef}
        type="button"
        disabled={props.isBusy}
        onClick={props.onConfirm}
        className={BUTTON.danger}
      >
        {props.confirmLabel}
      </button>
      <button type="button" onClick={setAside} className={BUTTON.secondary}>
        {props.cancelLabel}
      </button>
    </div>
  );
}
