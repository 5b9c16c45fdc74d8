import { useEffect, useId, useRef, useState } from 'react';
import { CONTROL_CLASS } from '../../components/field-shell';
import { BOOKING_LIMITS } from '../../../common/booking-request';
import { BUTTON } from '../components/button-classes';
import { bookingsCopy } from '../copy';

type CancelCallProps = {
  name: string;
  /** When the call is, as the row says it: part of the button's accessible name. */
  when: string;
  isBusy: boolean;
  /** Cancels with the message; answers whether it was cancelled. */
  onConfirm: (message: string) => Promise<boolean>;
};

/**
 * Cancelling a call asks first, in place, with room for a message to the visitor. What was
 * typed stays while the request is refused, and goes only with "Keep it" or the call.
 */
export function CancelCall({ name, when, isBusy, onConfirm }: CancelCallProps) {
  const id = useId();
  const [isAsking, setIsAsking] = useState(false);
  const [message, setMessage] = useState('');
  const [returnFocus, setReturnFocus] = useState(false);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isAsking) messageBox.current?.focus();
    else if (returnFocus) cancelButton.current?.focus();
  }, [isAsking, returnFocus]);

  if (!isAsking) {
    return (
      <button
        ref={cancelButton}
        type="button"
        aria-label={bookingsCopy.cancelCallLabel(name, when)}
        onClick={() => setIsAsking(true)}
        className={`${BUTTON.danger} self-start`}
      >
        {bookingsCopy.cancelCall}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-question`} className="flex flex-col gap-2">
      <p id={`${id}-question`} className="text-sm font-medium">
        {bookingsCopy.cancelQuestion(name)}
      </p>
      <label htmlFor={`${id}-message`} className="text-sm font-semibold">
        {bookingsCopy.cancelMessage(name)}
      </label>
      <textarea
        ref={messageBox}
        id={`${id}-message`}
        rows={3}
        maxLength={BOOKING_LIMITS.cancelMessage}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        className={CONTROL_CLASS}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={isBusy}
          onClick={() => void onConfirm(message.trim())}
          className={BUTTON.danger}
        >
          {bookingsCopy.cancelCall}
        </button>
        <button
          type="button"
          onClick={() => {
            setIsAsking(false);
            setMessage('');
            setReturnFocus(true);
          }}
          className={BUTTON.secondary}
        >
          {bookingsCopy.keepCall}
        </button>
      </div>
    </div>
  );
}
