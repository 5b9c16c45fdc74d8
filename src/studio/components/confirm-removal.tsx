import { useEffect, useId, useRef, useState } from 'react';
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
  const [isAsking, setIsAsking] = useState(false);
  const [returnFocus, setReturnFocus] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const remove = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isAsking) confirm.current?.focus();
    else if (returnFocus) remove.current?.focus();
  }, [isAsking, returnFocus]);

  if (!isAsking) {
    return (
      <button
        ref={remove}
        type="button"
        aria-label={props.accessibleLabel}
        onClick={() => setIsAsking(true)}
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
        ref={confirm}
        type="button"
        disabled={props.isBusy}
        onClick={props.onConfirm}
        className={BUTTON.danger}
      >
        {props.confirmLabel}
      </button>
      <button
        type="button"
        onClick={() => {
          setIsAsking(false);
          setReturnFocus(true);
        }}
        className={BUTTON.secondary}
      >
        {props.cancelLabel}
      </button>
    </div>
  );
}
